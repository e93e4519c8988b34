package com.paycore.keystore;

import java.time.OffsetDateTime;
import java.util.UUID;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import com.paycore.platform.web.Envelope;

/** A generated keystore's answer: the only time its key and IV leave the service (id = keystoreId). */
public record KeystoreCreatedResponse(@Schema(description = Envelope.CREATED_ID, required = true) UUID id,
                                      UUID keystoreId, OffsetDateTime activationDate, OffsetDateTime expirationDate,
                                      String keyStrength, String keyBase64, String ivBase64)
        implements Envelope.Identified {

    static KeystoreCreatedResponse of(KeystoreView k) {
        return new KeystoreCreatedResponse(k.keystoreId(), k.keystoreId(), k.activationDate(), k.expirationDate(),
                k.keyStrength(), k.keyBase64(), k.ivBase64());
    }
}
