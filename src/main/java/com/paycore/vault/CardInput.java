package com.paycore.vault;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * E10. creditCard: cardNumber, expirationMonth, expirationYear, cvv, cardholderName; personAddress: firstName,
 * lastName, email, phone, addressLine1, addressLine2, city, state, zip, country. Values named in securedProperties
 * (e.g. "creditCard.cardNumber") arrive RSA-OAEP (SHA-256) encrypted, base64, under the project's TransactionRSAKey.
 * Read as JSON objects because a secured value is a string where the plain one may be a number.
 */
/** creditCard of E10 as the OpenAPI document shows it (read as a JSON object: a secured value is a string). */
public record CardInput(@Schema(required = true, example = "4111111111111111") String cardNumber,
                 @Schema(required = true, example = "12") Integer expirationMonth,
                 @Schema(required = true, example = "2030") Integer expirationYear,
                 @Schema(required = true, description = "3 digits, 4 for AMEX; verified once, never stored",
                         example = "123") String cvv,
                 @Schema(example = "Jane Doe") String cardholderName) {
}
