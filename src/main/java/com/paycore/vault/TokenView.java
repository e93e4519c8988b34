package com.paycore.vault;

import java.time.OffsetDateTime;
import java.util.UUID;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A token as answered: the card masked, never its number or CVV. */
public record TokenView(UUID id, String paymentToken, String maskedCardNumber, String ccType, String last4,
                        int expirationMonth, int expirationYear, String cardholderName,
                        @Schema(nullable = true) Boolean validCVV,
                        Address personAddress, String status, OffsetDateTime createdDate,
                        @Schema(nullable = true, description = "the merchant's reference of the card file row it came "
                                + "from; null for a token made by E10") String reference,
                        @Schema(nullable = true, description = "the card file it came from; null for a token made by E10")
                        UUID cardFileId) {

    static TokenView from(PaymentToken t) {
        return new TokenView(t.id(), t.token(), t.masked(), t.ccType(), t.last4(), t.expirationMonth(),
                t.expirationYear(), t.cardholderName(), t.validCvv(), t.address(), t.status().name(), t.createdAt(),
                t.reference(), t.cardFileId());
    }
}
