package com.paycore.event;

import java.time.OffsetDateTime;
import java.util.UUID;

import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import com.paycore.platform.data.NullableUuid;

/** One event in the outbox: written with the change it reports, never changed but for its dispatched mark. */
@Entity
@Table(name = "events")
class StoredEvent {

    @Id
    private UUID id;
    @Column(name = "project_id")
    private UUID projectId;
    @Column(name = "company_id")
    private UUID companyId;
    private String type;
    @Column(name = "created_at")
    private OffsetDateTime createdAt;
    /**
     * The transaction the event is about (transaction.* events, and chargeback.* events: the charged-back
     * transaction), null for other events and for events written before the column existed.
     */
    @Column(name = "subject_id")
    @Convert(converter = NullableUuid.class)
    private UUID subjectId;
    /** Given by the database: the order of events made at the same instant (a settlement's Settle and RefundSettle). */
    @Column(insertable = false, updatable = false)
    private Long seq;
    private String body;
    private boolean dispatched;

    protected StoredEvent() {
    }

    StoredEvent(UUID id, UUID projectId, UUID companyId, String type, OffsetDateTime createdAt, UUID subjectId,
                String body) {
        this.id = id;
        this.subjectId = subjectId;
        this.projectId = projectId;
        this.companyId = companyId;
        this.type = type;
        this.createdAt = createdAt;
        this.body = body;
    }

    UUID projectId() {
        return projectId;
    }

    String body() {
        return body;
    }

    Events.Published published() {
        return new Events.Published(id, projectId, companyId, type, createdAt, body);
    }
}
