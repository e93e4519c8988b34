package com.paycore.run;

import java.time.OffsetDateTime;
import java.util.UUID;

import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import com.paycore.platform.data.NullableUuid;

/** One long run (table {@code runs}); changed only by {@link RunStore}'s conditional updates once written. */
@Entity
@Table(name = "runs")
class Run {

    enum State { Running, Succeeded, Failed }

    @Id
    private UUID id;
    private String kind;
    @Column(name = "company_id")
    @Convert(converter = NullableUuid.class)
    private UUID companyId;
    @Column(name = "requested_by")
    @Convert(converter = NullableUuid.class)
    private UUID requestedBy; // null: asked for with a project's API key (a card file)
    private String state;
    @Column(name = "running_key")
    private String runningKey;
    @Column(name = "items_done")
    private long itemsDone;
    @Column(name = "items_total")
    private Long itemsTotal;
    private String outcome;
    private String error;
    private String instance;
    @Column(name = "started_at")
    private OffsetDateTime startedAt;
    @Column(name = "heartbeat_at")
    private OffsetDateTime heartbeatAt;
    @Column(name = "lease_until")
    private OffsetDateTime leaseUntil;
    @Column(name = "finished_at")
    private OffsetDateTime finishedAt;
    private boolean resumable;

    protected Run() {
    }

    Run(UUID id, String kind, UUID companyId, UUID requestedBy, String runningKey, String instance,
        OffsetDateTime now, OffsetDateTime leaseUntil) {
        this.id = id;
        this.kind = kind;
        this.companyId = companyId;
        this.requestedBy = requestedBy;
        this.state = State.Running.name();
        this.runningKey = runningKey;
        this.instance = instance;
        this.startedAt = now;
        this.heartbeatAt = now;
        this.leaseUntil = leaseUntil;
    }

    /** A run whose work any instance resumes (a card file): the sweep leaves it, its work ends it. */
    static Run resumable(UUID id, String kind, UUID companyId, UUID requestedBy, String instance, OffsetDateTime now) {
        Run run = new Run(id, kind, companyId, requestedBy, kind + ":" + id, instance, now, now);
        run.resumable = true;
        return run;
    }

    UUID id() {
        return id;
    }

    String kind() {
        return kind;
    }

    UUID companyId() {
        return companyId;
    }

    UUID requestedBy() {
        return requestedBy;
    }

    String state() {
        return state;
    }

    long itemsDone() {
        return itemsDone;
    }

    Long itemsTotal() {
        return itemsTotal;
    }

    String outcome() {
        return outcome;
    }

    String error() {
        return error;
    }

    OffsetDateTime startedAt() {
        return startedAt;
    }

    OffsetDateTime heartbeatAt() {
        return heartbeatAt;
    }

    OffsetDateTime leaseUntil() {
        return leaseUntil;
    }

    OffsetDateTime finishedAt() {
        return finishedAt;
    }
}
