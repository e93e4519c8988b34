package com.paycore.transaction;

import com.paycore.platform.data.EntityInsert;

/** The statements on {@code transactions} that go by plain JDBC (docs/ARCHITECTURE.md, "SQL"). */
final class CardTransactionRows {

    private CardTransactionRows() {
    }

    /** A new transaction (authorization), written with its events in one compound statement. */
    static final EntityInsert<CardTransaction> INSERT = EntityInsert.of(CardTransaction.class);

    /** E16 by id: the transaction and its events in one left join, read straight into the view (TransactionReads). */
    static final String BY_ID = "select t.project_id, t.amount, t.currency, t.status, t.result_code, "
            + "t.masked_card_number, t.cc_type, t.captured_amount, t.refunded_amount, t.order_id, t.description, "
            + "t.tags, t.created_at, e.id, e.event_type, e.event_result, e.result_code, e.amount, e.occurred_at "
            + "from transactions t left join transaction_events e on e.transaction_id = t.id "
            + "where t.id = ? order by e.position";
}
