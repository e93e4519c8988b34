package com.paycore.transaction;

import com.paycore.platform.data.EntityInsert;
import com.paycore.platform.data.Jpql;

/** The statements on {@code transaction_events}, plain JDBC and JPQL (docs/ARCHITECTURE.md, "SQL"). */
final class TransactionEventRows {

    private TransactionEventRows() {
    }

    /** An event: a new transaction's, in the transaction's compound statement; a move's, by {@code Moves.insert}. */
    static final EntityInsert<TransactionEvent> INSERT = EntityInsert.of(TransactionEvent.class);

    /** A pending event, locked for its reconciliation; another run's item is skipped, not waited for. */
    static final String CLAIM_PENDING = "select id from transaction_events where id = ? and event_result = 'Pending' "
            + "for update skip locked";

    /** The event recorded now, so the report's next sync copies it. */
    static final String RECORDED_NOW = "update transaction_events set recorded_at = CURRENT_TIMESTAMP where id = ?";

    /** Every project's events by type and result (TransactionFigures). */
    static final String TYPE_AND_RESULT_COUNTS = "SELECT event_type, event_result, COUNT(*) FROM transaction_events "
            + "GROUP BY event_type, event_result";

    /** JPQL: a transaction's events in their order ({@code :id}). */
    static final String OF_TRANSACTION = "select e from TransactionEvent e where e.transactionId = :id order by e.position";

    /** JPQL: the events of several transactions ({@code :ids}), by transaction and in their order. */
    static final String OF_TRANSACTIONS = "select e from TransactionEvent e where e.transactionId in :ids "
            + "order by e.transactionId, e.position";

    /** JPQL: the ids of a transaction's ({@code :id}) events whose outcome is {@code :pending}. */
    static final String PENDING_OF_TRANSACTION = "select e.id from TransactionEvent e where e.transactionId = :id "
            + "and e.eventResult = :pending";

    /** JPQL: the ids of every event whose outcome is {@code :pending}, oldest first. */
    static final String PENDING = "select e.id from TransactionEvent e where e.eventResult = :pending "
            + "order by e.occurredAt";

    /** JPQL: the transactions with a refund awaiting settlement that occurred at or before {@code :cutoff}. */
    static final String AWAITING_SETTLEMENT = "select distinct e.transactionId from TransactionEvent e where "
            + Jpql.is("e.awaitingSettlement", true) + " and e.occurredAt <= :cutoff";

    /** JPQL: a transaction's ({@code :id}) refunds awaiting settlement that occurred at or before {@code :cutoff}. */
    static final String AWAITING_SETTLEMENT_OF_TRANSACTION = "select e from TransactionEvent e where e.transactionId = :id "
            + "and " + Jpql.is("e.awaitingSettlement", true) + " and e.occurredAt <= :cutoff order by e.position";
}
