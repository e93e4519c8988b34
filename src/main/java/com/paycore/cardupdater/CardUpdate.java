package com.paycore.cardupdater;

import java.time.OffsetDateTime;
import java.time.YearMonth;
import java.util.UUID;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import com.paycore.platform.input.Ids;

/**
 * One update the account updater applied to a payment token (an E14 row). Written in the same database transaction
 * as the token's change, and never changed afterwards. Card data only as last four digits and expiry (YYYY-MM).
 */
@Entity
@Table(name = "card_updates")
class CardUpdate {

    @Id
    private UUID id;
    @Column(name = "run_id")
    private UUID runId;
    @Column(name = "company_id")
    private UUID companyId;
    @Column(name = "project_id")
    private UUID projectId;
    @Column(name = "payment_token_id")
    private UUID paymentTokenId;
    @Column(name = "update_type")
    private String updateType;
    @Column(name = "old_last4")
    private String oldLast4;
    @Column(name = "new_last4")
    private String newLast4;
    @Column(name = "old_expiration")
    private String oldExpiration;
    @Column(name = "new_expiration")
    private String newExpiration;
    @Column(name = "update_date")
    private OffsetDateTime updateDate;

    protected CardUpdate() {
    }

    CardUpdate(UUID runId, UUID companyId, UUID projectId, UUID paymentTokenId, UpdateType type, String oldLast4,
               String newLast4, YearMonth oldExpiration, YearMonth newExpiration, OffsetDateTime updateDate) {
        this.id = Ids.newId();
        this.runId = runId;
        this.companyId = companyId;
        this.projectId = projectId;
        this.paymentTokenId = paymentTokenId;
        this.updateType = type.name();
        this.oldLast4 = oldLast4;
        this.newLast4 = newLast4;
        this.oldExpiration = oldExpiration.toString();
        this.newExpiration = newExpiration.toString();
        this.updateDate = updateDate;
    }

    UUID id() {
        return id;
    }

    UUID projectId() {
        return projectId;
    }

    UUID paymentTokenId() {
        return paymentTokenId;
    }

    String updateType() {
        return updateType;
    }

    String oldLast4() {
        return oldLast4;
    }

    String newLast4() {
        return newLast4;
    }

    String oldExpiration() {
        return oldExpiration;
    }

    String newExpiration() {
        return newExpiration;
    }

    OffsetDateTime updateDate() {
        return updateDate;
    }
}
