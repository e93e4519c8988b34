package com.paycore.vault;

import java.util.List;

import jakarta.json.JsonObject;
import jakarta.validation.constraints.NotNull;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

public class CreateTokenRequest {

    @NotNull
    @Schema(implementation = CardInput.class, required = true)
    public JsonObject creditCard;
    @NotNull
    @Schema(implementation = Address.class, required = true)
    public JsonObject personAddress;
    @Schema(description = "Paths (such as creditCard.cardNumber) whose values arrive RSA-OAEP SHA-256 encrypted, "
            + "base64, under the project's TransactionRSAKey public key")
    public List<String> securedProperties;

    @Override
    public String toString() {
        return "CreateTokenRequest[card data withheld]";
    }
}
