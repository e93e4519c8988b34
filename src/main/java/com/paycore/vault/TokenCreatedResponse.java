package com.paycore.vault;

import java.util.UUID;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import com.paycore.platform.web.Envelope;

/** E10's answer: the new token's id and value and the card as masked; the CVV's verification (null: unanswered). */
public record TokenCreatedResponse(@Schema(description = Envelope.CREATED_ID, required = true) UUID id,
                                   @Schema(example = "tok_4f9c2a7e1b8d4c6f") String paymentToken,
                                   @Schema(example = "************1111") String maskedCardNumber,
                                   @Schema(example = "VISA") String ccType, @Schema(example = "1111") String last4,
                                   @Schema(example = "12") Integer expirationMonth,
                                   @Schema(example = "2030") Integer expirationYear,
                                   @Schema(example = "true", nullable = true) Boolean validCVV) implements Envelope.Identified {

    static TokenCreatedResponse of(TokenView token) {
        return new TokenCreatedResponse(token.id(), token.paymentToken(), token.maskedCardNumber(), token.ccType(),
                token.last4(), token.expirationMonth(), token.expirationYear(), token.validCVV());
    }
}
