package com.paycore.auth;

import java.time.OffsetDateTime;
import java.util.UUID;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import jakarta.persistence.Version;

import com.paycore.platform.input.Ids;

/**
 * A refresh token, stored only as a hash; each use revokes it and issues a successor of the same family (the
 * tokens descending from one login), so that a replayed token can revoke every descendant.
 */
@Entity
@Table(name = "refresh_tokens")
class RefreshToken {

    @Id
    private UUID id;
    @Column(name = "user_id")
    private UUID userId;
    @Column(name = "family_id")
    private UUID familyId;
    @Column(name = "token_hash")
    private String tokenHash;
    @Column(name = "expires_at")
    private OffsetDateTime expiresAt;
    @Column(name = "revoked_at")
    private OffsetDateTime revokedAt;
    @Column(name = "created_at")
    private OffsetDateTime createdAt;
    @Version
    private long version;

    protected RefreshToken() {
    }

    /** familyId null: the first token of a login starts its own family. */
    RefreshToken(UUID userId, UUID familyId, String tokenHash, OffsetDateTime now, OffsetDateTime expiresAt) {
        this.id = Ids.newId();
        this.familyId = familyId != null ? familyId : id;
        this.userId = userId;
        this.tokenHash = tokenHash;
        this.createdAt = now;
        this.expiresAt = expiresAt;
    }

    boolean usable(OffsetDateTime now) {
        return revokedAt == null && now.isBefore(expiresAt);
    }

    /** Already used or revoked: presenting it again is a replay. */
    boolean revoked() {
        return revokedAt != null;
    }

    void revoke(OffsetDateTime now) {
        revokedAt = now;
    }

    UUID userId() {
        return userId;
    }

    /** The family's expiry: every successor inherits the one set at the login that started the family. */
    OffsetDateTime expiresAt() {
        return expiresAt;
    }

    UUID familyId() {
        return familyId;
    }
}
