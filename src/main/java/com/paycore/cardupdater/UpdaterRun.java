package com.paycore.cardupdater;

import java.time.OffsetDateTime;
import java.util.UUID;

import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import com.paycore.platform.data.NullableUuid;
import com.paycore.platform.data.Timestamped;
import com.paycore.platform.input.Ids;

/**
 * One run of the account updater over one company's tokens. Written when it starts (its update rows refer to it)
 * and given its counts when it finishes; a run that never finished keeps no finish time.
 */
@Entity
@Table(name = "card_updater_runs")
class UpdaterRun extends Timestamped {

    public enum Trigger { Manual, Scheduled }

    @Id
    private UUID id;
    @Column(name = "company_id")
    private UUID companyId;
    @Column(name = "run_trigger")
    private String trigger;
    @Column(name = "actor_user_id")
    @Convert(converter = NullableUuid.class)
    private UUID actorUserId;
    @Column(name = "started_at")
    private OffsetDateTime startedAt;
    @Column(name = "finished_at")
    private OffsetDateTime finishedAt;
    private int checked;
    @Column(name = "card_expired")
    private int cardExpired;
    @Column(name = "card_replaced")
    private int cardReplaced;
    @Column(name = "account_closed")
    private int accountClosed;
    @Column(name = "contact_cardholder")
    private int contactCardholder;
    @Column(name = "no_change")
    private int noChange;
    private int failed;

    protected UpdaterRun() {
    }

    UpdaterRun(UUID companyId, Trigger trigger, UUID actorUserId, OffsetDateTime startedAt) {
        this.id = Ids.newId();
        this.companyId = companyId;
        this.trigger = trigger.name();
        this.actorUserId = actorUserId;
        this.startedAt = startedAt;
    }

    void finish(RunCounts counts, OffsetDateTime at) {
        this.checked = counts.checked();
        this.cardExpired = counts.cardExpired();
        this.cardReplaced = counts.cardReplaced();
        this.accountClosed = counts.accountClosed();
        this.contactCardholder = counts.contactCardholder();
        this.noChange = counts.noChange();
        this.failed = counts.failed();
        this.finishedAt = at;
    }

    UUID id() {
        return id;
    }

    UUID companyId() {
        return companyId;
    }

    String trigger() {
        return trigger;
    }

    OffsetDateTime startedAt() {
        return startedAt;
    }

    OffsetDateTime finishedAt() {
        return finishedAt;
    }

    RunCounts counts() {
        return new RunCounts(checked, cardExpired, cardReplaced, accountClosed, contactCardholder, noChange, failed);
    }
}
