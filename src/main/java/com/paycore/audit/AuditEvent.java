package com.paycore.audit;

import java.time.OffsetDateTime;
import java.util.UUID;

import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import com.paycore.platform.data.NullableUuid;
import com.paycore.platform.input.Ids;

/** One append-only audit row. Never holds a secret: details name fields and states, never values of secrets. */
@Entity
@Table(name = "audit_events")
class AuditEvent {

    @Id
    private UUID id;
    @Column(name = "occurred_at")
    private OffsetDateTime occurredAt;
    @Column(name = "company_id")
    @Convert(converter = NullableUuid.class)
    private UUID companyId;
    @Column(name = "actor_user_id")
    @Convert(converter = NullableUuid.class)
    private UUID actorUserId;
    private String actor;
    private String action;
    @Column(name = "target_type")
    private String targetType;
    @Column(name = "target_id")
    private String targetId;
    private String outcome;
    @Column(name = "request_id")
    private String requestId;
    private String details;

    protected AuditEvent() {
    }

    AuditEvent(OffsetDateTime occurredAt, UUID companyId, UUID actorUserId, String actor, String action,
               String targetType, String targetId, String outcome, String requestId, String details) {
        this.id = Ids.newId();
        this.occurredAt = occurredAt;
        this.companyId = companyId;
        this.actorUserId = actorUserId;
        this.actor = actor;
        this.action = action;
        this.targetType = targetType;
        this.targetId = targetId;
        this.outcome = outcome;
        this.requestId = requestId;
        this.details = details == null || details.length() <= 1000 ? details : details.substring(0, 1000);
    }

    public UUID id() {
        return id;
    }

    public OffsetDateTime occurredAt() {
        return occurredAt;
    }

    public UUID companyId() {
        return companyId;
    }

    public UUID actorUserId() {
        return actorUserId;
    }

    public String actor() {
        return actor;
    }

    public String action() {
        return action;
    }

    public String targetType() {
        return targetType;
    }

    public String targetId() {
        return targetId;
    }

    public String outcome() {
        return outcome;
    }

    public String requestId() {
        return requestId;
    }

    public String details() {
        return details;
    }
}
