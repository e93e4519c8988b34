package com.paycore.idempotency;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.UUID;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import com.paycore.platform.input.Ids;

/**
 * One use of an Idempotency-Key in its scope: the request's keyed fingerprint and, once answered, the response's
 * status and its headers and body, sealed under the master key (a tokenization answer names the cardholder). The
 * row's id identifies the request that claimed the key, so only that request completes or releases it.
 */
@Entity
@Table(name = "idempotency_keys")
public class IdempotencyRecord {

    @Id
    private UUID id;
    private String scope;
    @Column(name = "idem_key")
    private String idemKey;
    private String fingerprint;
    @Enumerated(EnumType.STRING)
    private IdempotencyRules.State state;
    private Integer status;
    private String response;
    @Column(name = "created_at")
    private OffsetDateTime createdAt;
    @Column(name = "expires_at")
    private OffsetDateTime expiresAt;
    @Column(name = "lease_until")
    private OffsetDateTime leaseUntil;

    protected IdempotencyRecord() {
    }

    IdempotencyRecord(String scope, String key, String fingerprint, OffsetDateTime now, Duration lease) {
        this.id = Ids.newId();
        this.scope = scope;
        this.idemKey = key;
        this.fingerprint = fingerprint;
        this.state = IdempotencyRules.State.IN_PROGRESS;
        this.createdAt = now;
        this.expiresAt = now.plus(IdempotencyRules.RETENTION);
        this.leaseUntil = now.plus(lease);
    }

    public UUID id() {
        return id;
    }

    public String fingerprint() {
        return fingerprint;
    }

    public IdempotencyRules.State state() {
        return state;
    }

    public Integer status() {
        return status;
    }

    public String response() {
        return response;
    }

    public OffsetDateTime expiresAt() {
        return expiresAt;
    }

    /** Until when an IN_PROGRESS claim holds its key (null on rows written before leases: they hold it until expiry). */
    public OffsetDateTime leaseUntil() {
        return leaseUntil;
    }
}
