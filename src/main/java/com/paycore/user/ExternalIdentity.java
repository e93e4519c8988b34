package com.paycore.user;

import java.time.OffsetDateTime;
import java.util.UUID;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import com.paycore.platform.input.Ids;

/**
 * A link from an external issuer's subject to a user: the only way such an issuer's tokens reach
 * a user. Made by a platform administrator or an Admin of a company the issuer speaks for that the user belongs to.
 */
@Entity
@Table(name = "external_identities")
class ExternalIdentity {

    @Id
    private UUID id;
    @Column(name = "user_id")
    private UUID userId;
    private String issuer;
    private String subject;
    @Column(name = "created_at")
    private OffsetDateTime createdAt;
    @Column(name = "created_by")
    private UUID createdBy;

    protected ExternalIdentity() {
    }

    ExternalIdentity(UUID userId, String issuer, String subject, OffsetDateTime now, UUID createdBy) {
        this.id = Ids.newId();
        this.userId = userId;
        this.issuer = issuer;
        this.subject = subject;
        this.createdAt = now;
        this.createdBy = createdBy;
    }

    UUID id() {
        return id;
    }

    UUID userId() {
        return userId;
    }

    String issuer() {
        return issuer;
    }

    String subject() {
        return subject;
    }

    OffsetDateTime createdAt() {
        return createdAt;
    }
}
