package com.paycore.keystore;

import java.time.OffsetDateTime;
import java.util.UUID;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import jakarta.persistence.Version;

/**
 * An AES-256 data key for card data, stored only wrapped by the master key. The newest active keystore encrypts
 * new card numbers; older ones keep decrypting until rotation has moved their tokens.
 */
@Entity
@Table(name = "keystores")
class Keystore {

    @Id
    private UUID id;
    @Column(name = "wrapped_key")
    private String wrappedKey;
    @Column(name = "wrapped_iv")
    private String wrappedIv;
    @Column(name = "key_strength")
    private String keyStrength;
    @Column(name = "activation_date")
    private OffsetDateTime activationDate;
    @Column(name = "expiration_date")
    private OffsetDateTime expirationDate;
    @Column(name = "created_at")
    private OffsetDateTime createdAt;
    @Version
    private long version;

    protected Keystore() {
    }

    Keystore(UUID id, String wrappedKey, String wrappedIv, OffsetDateTime activation, OffsetDateTime expiration) {
        this.id = id;
        this.wrappedKey = wrappedKey;
        this.wrappedIv = wrappedIv;
        this.keyStrength = "AES-256";
        this.activationDate = activation;
        this.expirationDate = expiration;
        this.createdAt = activation;
    }

    public UUID id() {
        return id;
    }

    String wrappedKey() {
        return wrappedKey;
    }

    String keyStrength() {
        return keyStrength;
    }

    OffsetDateTime activationDate() {
        return activationDate;
    }

    OffsetDateTime expirationDate() {
        return expirationDate;
    }
}
