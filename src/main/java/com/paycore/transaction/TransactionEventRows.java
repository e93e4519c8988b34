package com.paycore.transaction;

import com.paycore.platform.data.EntityInsert;

/** The statements on {@code transaction_events} that go by plain JDBC (docs/ARCHITECTURE.md, "SQL"). */
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
}
