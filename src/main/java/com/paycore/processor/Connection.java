package com.paycore.processor;

import java.util.UUID;

import jakarta.json.JsonObject;

/**
 * What a gateway call goes out with: the processor configuration (its id and decrypted {@code settings}) and the
 * merchant account (E9 credentials, in the version the transaction pinned). Its text form shows neither secret.
 */
public record Connection(UUID processorId, JsonObject settings, MerchantAccount merchant) {

    @Override
    public String toString() {
        return "Connection[processor=" + processorId + ", " + merchant + "]";
    }
}
