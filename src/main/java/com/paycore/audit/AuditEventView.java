package com.paycore.audit;

import java.time.OffsetDateTime;
import java.util.UUID;

public record AuditEventView(UUID id, OffsetDateTime occurredAt, UUID companyId, UUID actorUserId, String actor,
                             String action, String targetType, String targetId, String outcome, String requestId,
                             String details) {

    static AuditEventView from(AuditEvent e) {
        return new AuditEventView(e.id(), e.occurredAt(), e.companyId(), e.actorUserId(), e.actor(), e.action(),
                e.targetType(), e.targetId(), e.outcome(), e.requestId(), e.details());
    }
}
