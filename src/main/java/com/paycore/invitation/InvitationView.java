package com.paycore.invitation;

import java.time.OffsetDateTime;
import java.util.UUID;

import com.paycore.access.Role;

/** An invitation as listed: never its token. */
public record InvitationView(UUID id, UUID companyId, String email, Role roles, Invitation.Status status,
                             OffsetDateTime expirationDate, OffsetDateTime acceptedDate, OffsetDateTime createdDate) {

    static InvitationView from(Invitation i, OffsetDateTime now) {
        return new InvitationView(i.id(), i.companyId(), i.email(), i.role(), i.status(now), i.expiresAt(),
                i.acceptedAt(), i.createdAt());
    }
}
