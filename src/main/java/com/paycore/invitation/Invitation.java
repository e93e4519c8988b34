package com.paycore.invitation;

import java.time.OffsetDateTime;
import java.util.UUID;

import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import com.paycore.access.Role;
import com.paycore.platform.data.NullableUuid;
import com.paycore.platform.data.Timestamped;
import com.paycore.platform.input.Ids;

/** An invitation to join a company with a role; its token is stored only as a digest and works once. */
@Entity
@Table(name = "invitations")
class Invitation extends Timestamped {

    public enum Status { Pending, Accepted, Expired }

    @Id
    private UUID id;
    @Column(name = "company_id")
    private UUID companyId;
    private String email;
    @Enumerated(EnumType.STRING)
    private Role role;
    @Column(name = "token_hash")
    private String tokenHash;
    @Column(name = "expires_at")
    private OffsetDateTime expiresAt;
    @Column(name = "accepted_at")
    private OffsetDateTime acceptedAt;
    @Column(name = "company_user_id")
    @Convert(converter = NullableUuid.class)
    private UUID companyUserId;
    @Column(name = "invited_by")
    @Convert(converter = NullableUuid.class)
    private UUID invitedBy;

    protected Invitation() {
    }

    Invitation(UUID companyId, String email, Role role, String tokenHash, OffsetDateTime expiresAt, UUID invitedBy) {
        this.id = Ids.newId();
        this.companyId = companyId;
        this.email = email.trim();
        this.role = role;
        this.tokenHash = tokenHash;
        this.expiresAt = expiresAt;
        this.invitedBy = invitedBy;
    }

    Status status(OffsetDateTime now) {
        if (acceptedAt != null) {
            return Status.Accepted;
        }
        return now.isBefore(expiresAt) ? Status.Pending : Status.Expired;
    }

    void accept(OffsetDateTime now, UUID companyUserId) {
        this.acceptedAt = now;
        this.companyUserId = companyUserId;
    }

    UUID id() {
        return id;
    }

    UUID companyId() {
        return companyId;
    }

    String email() {
        return email;
    }

    Role role() {
        return role;
    }

    String tokenHash() {
        return tokenHash;
    }

    OffsetDateTime expiresAt() {
        return expiresAt;
    }

    OffsetDateTime acceptedAt() {
        return acceptedAt;
    }

}
