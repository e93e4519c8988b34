package com.paycore.user;

import java.time.OffsetDateTime;
import java.util.UUID;

public record ExternalIdentityView(UUID id, UUID userId, String issuer, String subject, OffsetDateTime createdDate) {
    static ExternalIdentityView from(ExternalIdentity l) {
        return new ExternalIdentityView(l.id(), l.userId(), l.issuer(), l.subject(), l.createdAt());
    }
}
