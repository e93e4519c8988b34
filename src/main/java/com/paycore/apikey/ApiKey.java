package com.paycore.apikey;

import java.time.OffsetDateTime;
import java.util.UUID;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import com.paycore.platform.data.Timestamped;

/**
 * A project API key. Its value is stored twice, never in clear: a keyed hash to find it on every request and an
 * encrypted copy for the unmasked-value endpoint. The value never changes; metadata and state do.
 */
@Entity
@Table(name = "project_keys")
class ApiKey extends Timestamped {

    @Id
    private UUID id;
    @Column(name = "project_id")
    private UUID projectId;
    @Enumerated(EnumType.STRING)
    @Column(name = "key_type")
    private KeyType type;
    private String name;
    private String description;
    private boolean active;
    @Column(name = "expiration_date")
    private OffsetDateTime expirationDate;
    @Column(name = "deactivation_date")
    private OffsetDateTime deactivationDate;
    @Column(name = "expiry_noticed_for")
    private OffsetDateTime expiryNoticedFor;
    @Column(name = "lookup_hash")
    private String lookupHash;
    @Column(name = "key_value")
    private String encryptedValue;
    @Column(name = "masked_value")
    private String maskedValue;
    @Column(name = "public_key")
    private String publicKey;
    @Column(name = "private_key")
    private String encryptedPrivateKey;

    protected ApiKey() {
    }

    ApiKey(UUID id, UUID projectId, KeyType type, String lookupHash, String encryptedValue, String maskedValue,
           String publicKey, String encryptedPrivateKey, OffsetDateTime expirationDate) {
        this.id = id;
        this.projectId = projectId;
        this.type = type;
        this.lookupHash = lookupHash;
        this.encryptedValue = encryptedValue;
        this.maskedValue = maskedValue;
        this.publicKey = publicKey;
        this.encryptedPrivateKey = encryptedPrivateKey;
        this.expirationDate = expirationDate;
        this.active = true;
    }

    /** Usable now: active, not past its expiration, not past its deactivation date. */
    public boolean usable(OffsetDateTime now) {
        return usable(active, expirationDate, deactivationDate, now);
    }

    /** The one rule for a key's use: active, before its expiration and before any deactivation date. */
    static boolean usable(boolean active, OffsetDateTime expirationDate, OffsetDateTime deactivationDate, OffsetDateTime now) {
        return active && now.isBefore(expirationDate) && (deactivationDate == null || now.isBefore(deactivationDate));
    }

    /** When the key stops working: its expiration, or its deactivation date when that comes first. */
    OffsetDateTime validUntil() {
        return deactivationDate != null && deactivationDate.isBefore(expirationDate) ? deactivationDate : expirationDate;
    }

    /** An api_key.expiring event went out for the current end of validity. */
    boolean expiryNoticed() {
        return expiryNoticedFor != null && expiryNoticedFor.isEqual(validUntil());
    }

    void noticeExpiry() {
        this.expiryNoticedFor = validUntil();
    }

    void describe(String name, String description) {
        this.name = name;
        this.description = description;
    }

    void activate(boolean active) {
        this.active = active;
    }

    void schedule(OffsetDateTime expirationDate, OffsetDateTime deactivationDate) {
        this.expirationDate = expirationDate;
        this.deactivationDate = deactivationDate;
    }

    public UUID id() {
        return id;
    }

    public UUID projectId() {
        return projectId;
    }

    public KeyType type() {
        return type;
    }

    String name() {
        return name;
    }

    String description() {
        return description;
    }

    boolean active() {
        return active;
    }

    OffsetDateTime expirationDate() {
        return expirationDate;
    }

    OffsetDateTime deactivationDate() {
        return deactivationDate;
    }

    String encryptedValue() {
        return encryptedValue;
    }

    String maskedValue() {
        return maskedValue;
    }

    public String publicKey() {
        return publicKey;
    }

    String encryptedPrivateKey() {
        return encryptedPrivateKey;
    }

}
