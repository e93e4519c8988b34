package com.paycore.processor;

import java.util.Objects;
import java.util.UUID;

import jakarta.json.JsonObject;

/**
 * What a gateway call goes out with: the processor configuration (its id and decrypted {@code settings}) and the
 * merchant account (E9 credentials, in the version the transaction pinned). Other features only carry it from
 * {@link Connections} to a {@link PaymentGateway}: what it holds is read inside this package alone, so the merchant
 * credentials never show outside it. Its text form shows neither secret.
 */
public final class GatewayConnection {

    private final UUID processorId;
    private final JsonObject settings;
    private final MerchantAccount merchant;

    GatewayConnection(UUID processorId, JsonObject settings, MerchantAccount merchant) {
        this.processorId = processorId;
        this.settings = settings;
        this.merchant = merchant;
    }

    UUID processorId() {
        return processorId;
    }

    JsonObject settings() {
        return settings;
    }

    MerchantAccount merchant() {
        return merchant;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof GatewayConnection that && Objects.equals(processorId, that.processorId)
                && Objects.equals(settings, that.settings) && Objects.equals(merchant, that.merchant);
    }

    @Override
    public int hashCode() {
        return Objects.hash(processorId, settings, merchant);
    }

    @Override
    public String toString() {
        return "GatewayConnection[processor=" + processorId + ", " + merchant + "]";
    }
}
