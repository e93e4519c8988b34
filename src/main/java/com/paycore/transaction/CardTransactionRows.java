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

    /** The columns of a listed transaction (TransactionRow), card data masked only. */
    private static final String LISTED = "t.id, t.project_id, t.amount, t.currency, t.status, t.masked_card_number, "
            + "t.cc_type, t.created_at";

    /**
     * The console's recent transactions of the given projects (first array), newest first: all of a project flagged in
     * the second array, else only those of the amount (third parameter, may be null); limit, offset. Portable; on
     * PostgreSQL {@link #RECENT_POSTGRES} does the same with the per-project index.
     */
    static final String RECENT = "select " + LISTED + " from transactions t where t.project_id = any(?) "
            + "and (t.project_id = any(?) or t.amount = ?) order by t.created_at desc, t.id desc limit ? offset ?";

    /**
     * {@link #RECENT} on PostgreSQL: one backward walk of {@code ix_transactions_project_created} per project, each
     * stopping after offset + limit rows (fifth parameter), merged and cut: fast on any table size, where a plain
     * {@code project_id = any(?) order by created_at} reads and sorts every row of the projects. Parameters: project ids,
     * whether each is listed whole (same order), amount, offset + limit, limit, offset.
     */
    static final String RECENT_POSTGRES = "select " + LISTED + " from unnest(?::uuid[], ?::boolean[]) as p(id, whole) "
            + "cross join lateral (select x.id, x.project_id, x.amount, x.currency, x.status, x.masked_card_number, "
            + "x.cc_type, x.created_at from transactions x where x.project_id = p.id and (p.whole or x.amount = ?::numeric) "
            + "order by x.created_at desc, x.id desc limit ?) t order by t.created_at desc, t.id desc limit ? offset ?";

    /** How many transactions {@link #RECENT} would list, counting at most the last parameter's number. */
    static final String COUNT_RECENT = "select count(*) from (select t.id from transactions t where t.project_id = any(?) "
            + "and (t.project_id = any(?) or t.amount = ?) limit ?) c";

    /**
     * The console's overview: authorizations (each transaction begins with one) of the given projects created in
     * [second, third parameter), per hour (hours since the epoch, UTC) and currency, split by how the authorization
     * went: approved (any status but Declined, Error and Pending), not approved (Declined, Error), not known yet
     * (Pending); the approved amount. Reads {@code ix_transactions_project_created} (project, created_at) only.
     */
    static final String AUTHORIZATIONS_BY_HOUR = "select floor(extract(epoch from t.created_at) / 3600) as hours_since_epoch, "
            + "t.currency, "
            + "sum(case when t.status in ('Declined', 'Error', 'Pending') then 0 else 1 end), "
            + "sum(case when t.status in ('Declined', 'Error') then 1 else 0 end), "
            + "sum(case when t.status = 'Pending' then 1 else 0 end), "
            + "sum(case when t.status in ('Declined', 'Error', 'Pending') then 0 else t.amount end) "
            + "from transactions t where t.project_id = any(?) and t.created_at >= ? and t.created_at < ? "
            + "group by floor(extract(epoch from t.created_at) / 3600), t.currency";
}
