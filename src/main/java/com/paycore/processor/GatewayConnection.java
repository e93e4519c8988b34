package com.paycore.processor;

import java.util.Objects;
import java.util.UUID;

import jakarta.json.JsonObject;

/**
 * What a gateway call goes out with: the processor configuration (its id, its company, the version of its settings
 * and those settings, decrypted) and the merchant account (E9 credentials, in the version the transaction pinned). Other features only carry it from
 * {@link Connections} to a {@link PaymentGateway}: what it holds is read inside this package alone, so the merchant
 * credentials never show outside it. Its text form shows neither secret.
 */
public final class GatewayConnection {

    private final UUID processorId;
    private final UUID companyId;
    private final int settingsVersion;
    private final JsonObject settings;
    private final MerchantAccount merchant;

    GatewayConnection(UUID processorId, UUID companyId, int settingsVersion, JsonObject settings,
                      MerchantAccount merchant) {
        this.processorId = processorId;
        this.companyId = companyId;
        this.settingsVersion = settingsVersion;
        this.settings = settings;
        this.merchant = merchant;
    }

    UUID processorId() {
        return processorId;
    }

    /** The company the configuration belongs to: connections to a host are never shared by two companies. */
    UUID companyId() {
        return companyId;
    }

    /** The version of the settings: what a transaction authorized through this connection pins. */
    int settingsVersion() {
        return settingsVersion;
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
                && Objects.equals(companyId, that.companyId) && settingsVersion == that.settingsVersion
                && Objects.equals(settings, that.settings) && Objects.equals(merchant, that.merchant);
    }

    @Override
    public int hashCode() {
        return Objects.hash(processorId, companyId, settingsVersion, settings, merchant);
    }

    @Override
    public String toString() {
        return "GatewayConnection[processor=" + processorId + ", settings " + settingsVersion + ", " + merchant + "]";
    }
}
