package com.paycore.chargeback;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import com.paycore.platform.data.Timestamped;
import com.paycore.platform.web.AppException;
import com.paycore.platform.web.ErrorCode;

/**
 * A chargeback (DESIGN.md section 7): {@code Pending} -> {@code Accepted} (accept, or automatically once
 * {@code respondByDate} passes) | {@code Disputed} (dispute) -> {@code Won} | {@code Lost} (resolve).
 */
@Entity
@Table(name = "chargebacks")
class Chargeback extends Timestamped {

    enum Status { Pending, Accepted, Disputed, Won, Lost }

    /**
     * Chargebacks whose amount is out of the merchant's hands, so no refund may give it back again: Pending and Disputed
     * (the issuer has already debited the merchant; only a win returns it), Accepted and Lost (gone for good). Won
     * returns the money to the merchant.
     */
    static final List<Status> STANDING = List.of(Status.Pending, Status.Disputed,
            Status.Accepted, Status.Lost);

    @Id
    private UUID id;
    @Column(name = "transaction_id")
    private UUID transactionId;
    @Column(name = "project_id")
    private UUID projectId;
    @Column(name = "company_id")
    private UUID companyId;
    private BigDecimal amount;
    private String currency;
    private String reason;
    @Column(name = "reason_code")
    private String reasonCode;
    @Column(name = "chargeback_date")
    private OffsetDateTime chargebackDate;
    @Column(name = "respond_by_date")
    private OffsetDateTime respondByDate;
    @Enumerated(EnumType.STRING)
    private Status status;
    private String evidence;
    @Column(name = "accepted_automatically")
    private boolean acceptedAutomatically;
    @Column(name = "resolved_at")
    private OffsetDateTime resolvedAt;

    protected Chargeback() {
    }

    Chargeback(UUID id, UUID transactionId, UUID projectId, UUID companyId, BigDecimal amount, String currency,
               String reason, String reasonCode, OffsetDateTime chargebackDate, OffsetDateTime respondByDate) {
        this.id = id;
        this.transactionId = transactionId;
        this.projectId = projectId;
        this.companyId = companyId;
        this.amount = amount;
        this.currency = currency;
        this.reason = reason;
        this.reasonCode = reasonCode;
        this.chargebackDate = chargebackDate;
        this.respondByDate = respondByDate;
        this.status = Status.Pending;
    }

    /** The merchant accepts the chargeback: only while Pending. */
    void accept(OffsetDateTime now) {
        require(Status.Pending, "accepted");
        this.status = Status.Accepted;
        this.resolvedAt = now;
    }

    /** The merchant disputes it with evidence: only while Pending and before respondByDate. */
    void dispute(String evidence, OffsetDateTime now) {
        require(Status.Pending, "disputed");
        if (overdue(now)) {
            throw new AppException(ErrorCode.CHARGEBACK_STATE, status, "disputed: its respondByDate has passed");
        }
        this.status = Status.Disputed;
        this.evidence = evidence;
    }

    /** The processor's decision on a dispute: only while Disputed. */
    void resolve(boolean won, OffsetDateTime now) {
        require(Status.Disputed, "resolved");
        this.status = won ? Status.Won : Status.Lost;
        this.resolvedAt = now;
    }

    /** Pending past its respondByDate: accepted automatically. */
    boolean overdue(OffsetDateTime now) {
        return status == Status.Pending && respondByDate.isBefore(now);
    }

    void acceptAutomatically(OffsetDateTime now) {
        accept(now);
        this.acceptedAutomatically = true;
    }

    private void require(Status expected, String move) {
        if (status != expected) {
            throw new AppException(ErrorCode.CHARGEBACK_STATE, status, move);
        }
    }

    UUID id() {
        return id;
    }

    UUID transactionId() {
        return transactionId;
    }

    UUID projectId() {
        return projectId;
    }

    UUID companyId() {
        return companyId;
    }

    BigDecimal amount() {
        return amount;
    }

    String currency() {
        return currency;
    }

    String reason() {
        return reason;
    }

    String reasonCode() {
        return reasonCode;
    }

    OffsetDateTime chargebackDate() {
        return chargebackDate;
    }

    OffsetDateTime respondByDate() {
        return respondByDate;
    }

    Status status() {
        return status;
    }

    String evidence() {
        return evidence;
    }

    boolean acceptedAutomatically() {
        return acceptedAutomatically;
    }

    OffsetDateTime resolvedAt() {
        return resolvedAt;
    }
}
