package com.paycore.vault;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * E10's creditCard as the OpenAPI document shows it. A value named in securedProperties (e.g. "creditCard.cardNumber")
 * arrives RSA-OAEP (SHA-256) encrypted, base64, under the project's TransactionRSAKey, so the object is read as JSON:
 * a secured value is a string where the plain one may be a number.
 */
public record CardInput(@Schema(required = true, example = "4111111111111111") String cardNumber,
                 @Schema(required = true, example = "12") Integer expirationMonth,
                 @Schema(required = true, example = "2030") Integer expirationYear,
                 @Schema(required = true, description = "3 digits, 4 for AMEX; verified once, never stored",
                         example = "123") String cvv,
                 @Schema(example = "Jane Doe") String cardholderName) {
}
