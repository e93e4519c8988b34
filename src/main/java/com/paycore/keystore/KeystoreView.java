package com.paycore.keystore;

import java.time.OffsetDateTime;
import java.util.UUID;

import jakarta.json.bind.annotation.JsonbNillable;

/** A keystore as answered. keyBase64 and ivBase64 are set only in the generation answer; lists show them null. */
@JsonbNillable
public record KeystoreView(UUID keystoreId, OffsetDateTime activationDate, OffsetDateTime expirationDate,
                           String keyStrength, String keyBase64, String ivBase64, boolean isActive) {

    static KeystoreView metadata(Keystore k, boolean active) {
        return new KeystoreView(k.id(), k.activationDate(), k.expirationDate(), k.keyStrength(), null, null, active);
    }

    @Override
    public String toString() {
        return "KeystoreView[keystoreId=" + keystoreId + ", key=****]";
    }
}
