package com.paycore.transaction;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.Optional;
import java.util.UUID;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import com.paycore.event.Topic;
import com.paycore.platform.input.Ids;

/** One move of a transaction. Written in the same database transaction as the state change it records. */
@Entity
@Table(name = "transaction_events")
class TransactionEvent {

    @Id
    private UUID id;
    @Column(name = "transaction_id")
    private UUID transactionId;
    @Column(name = "project_id")
    private UUID projectId;
    @Column(name = "company_id")
    private UUID companyId;
    private int position;
    @Column(name = "event_type")
    private String eventType;
    @Column(name = "event_result")
    private String eventResult;
    @Column(name = "result_code")
    private String resultCode;
    private BigDecimal amount;
    private String currency;
    @Column(name = "credential_version")
    private int credentialVersion;
    @Column(name = "awaiting_settlement")
    private boolean awaitingSettlement;
    @Column(name = "occurred_at")
    private OffsetDateTime occurredAt;
    @Column(name = "processor_reference")
    private String processorReference;

    protected TransactionEvent() {
    }

    TransactionEvent(CardTransaction transaction, int position, EventType type, EventResult result, String resultCode,
                     BigDecimal amount, OffsetDateTime occurredAt) {
        this.id = Ids.newId();
        this.transactionId = transaction.id();
        this.projectId = transaction.projectId();
        this.companyId = transaction.companyId();
        this.position = position;
        this.eventType = type.name();
        this.eventResult = result.name();
        this.resultCode = resultCode;
        this.amount = amount;
        this.currency = transaction.currency();
        this.credentialVersion = transaction.credentialVersion();
        this.awaitingSettlement = type == EventType.Refund && result == EventResult.Approved;
        this.occurredAt = occurredAt;
    }

    /** A Pending move: the reference its processor call went out under, to ask about its outcome. */
    void awaits(String reference) {
        this.processorReference = reference;
    }

    /** The final result of a Pending move (DESIGN.md section 11); an approved refund now awaits settlement. */
    void resolved(EventResult result, String code) {
        this.eventResult = result.name();
        this.resultCode = code;
        this.awaitingSettlement = EventType.valueOf(eventType) == EventType.Refund && result == EventResult.Approved;
    }

    String processorReference() {
        return processorReference;
    }

    void settled() {
        this.awaitingSettlement = false;
    }

    public UUID id() {
        return id;
    }

    UUID transactionId() {
        return transactionId;
    }

    int position() {
        return position;
    }

    String eventType() {
        return eventType;
    }

    String eventResult() {
        return eventResult;
    }

    String resultCode() {
        return resultCode;
    }

    BigDecimal amount() {
        return amount;
    }

    boolean awaitingSettlement() {
        return awaitingSettlement;
    }

    OffsetDateTime occurredAt() {
        return occurredAt;
    }

    /**
     * The outbox event this move is (DESIGN.md section 10), when it changed the transaction: an authorization always
     * is one (authorized, declined, failed or pending); a later move only when the processor approved it (a declined
     * capture leaves the transaction as it was). A chargeback's event is the chargeback's own.
     */
    Optional<Topic> topic() {
        EventResult result = EventResult.valueOf(eventResult);
        return switch (EventType.valueOf(eventType)) {
            case Authorize -> Optional.of(switch (result) {
                case Approved -> Topic.TRANSACTION_AUTHORIZED;
                case Declined -> Topic.TRANSACTION_DECLINED;
                case Error -> Topic.TRANSACTION_FAILED;
                case Pending -> Topic.TRANSACTION_PENDING;
            });
            case Capture -> approved(result, Topic.TRANSACTION_CAPTURED);
            case Settle -> approved(result, Topic.TRANSACTION_SETTLED);
            case Refund -> approved(result, Topic.TRANSACTION_REFUNDED);
            case RefundSettle -> approved(result, Topic.TRANSACTION_REFUND_SETTLED);
            case ReverseAuthorize -> approved(result, Topic.TRANSACTION_REVERSED);
            case Chargeback -> Optional.empty();
        };
    }

    private static Optional<Topic> approved(EventResult result, Topic topic) {
        return result == EventResult.Approved ? Optional.of(topic) : Optional.empty();
    }

    /** The columns of a new row, in the order of {@link #insertValues()}: JDBC writes on the hot path (authorization). */
    static final String INSERT = "insert into transaction_events ("
            + "id, transaction_id, project_id, company_id, position, event_type, event_result, result_code, "
            + "amount, currency, credential_version, awaiting_settlement, occurred_at, processor_reference"
            + ") values (" + "?, ".repeat(13) + "?)";

    /** This new row's values, in the order of {@link #INSERT}. */
    Object[] insertValues() {
        return new Object[] {
                id, transactionId, projectId, companyId, position, eventType, eventResult, resultCode, amount,
                currency, credentialVersion, awaitingSettlement, occurredAt, processorReference
        };
    }
}
