package com.paycore.vault;

import java.util.List;

import jakarta.json.JsonObject;
import jakarta.validation.constraints.NotNull;

/**
 * E10. creditCard: cardNumber, expirationMonth, expirationYear, cvv, cardholderName; personAddress: firstName,
 * lastName, email, phone, addressLine1, addressLine2, city, state, zip, country. Values named in securedProperties
 * (e.g. "creditCard.cardNumber") arrive RSA-OAEP (SHA-256) encrypted, base64, under the project's TransactionRSAKey.
 * Read as JSON objects because a secured value is a string where the plain one may be a number.
 */
public class CreateTokenRequest {

    @NotNull
    public JsonObject creditCard;
    @NotNull
    public JsonObject personAddress;
    public List<String> securedProperties;

    @Override
    public String toString() {
        return "CreateTokenRequest[card data withheld]";
    }
}
