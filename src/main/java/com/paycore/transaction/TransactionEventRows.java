package com.paycore.transaction;

import com.paycore.platform.data.EntityInsert;

/** The statements on {@code transaction_events} that go by plain JDBC (docs/ARCHITECTURE.md, "SQL"). */
final class TransactionEventRows {

    private TransactionEventRows() {
    }

    /** A new transaction's event, in the transaction's compound statement. */
    static final EntityInsert<TransactionEvent> INSERT = EntityInsert.of(TransactionEvent.class);
}
