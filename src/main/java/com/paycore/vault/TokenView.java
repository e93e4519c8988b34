package com.paycore.vault;

import java.time.OffsetDateTime;
import java.util.UUID;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A token as answered: the card masked, never its number or CVV. */
public record TokenView(UUID id, String paymentToken, String maskedCardNumber, String ccType, String last4,
                        int expirationMonth, int expirationYear, String cardholderName,
                        @Schema(nullable = true) Boolean validCVV,
                        Address personAddress, String status, OffsetDateTime createdDate) {

    static TokenView from(PaymentToken t) {
        return new TokenView(t.id(), t.token(), t.masked(), t.ccType(), t.last4(), t.expirationMonth(),
                t.expirationYear(), t.cardholderName(), t.validCvv(), t.address(), t.status().name(), t.createdAt());
    }
}
