package com.paycore.transaction;

import java.util.List;

import com.paycore.platform.data.EntityInsert;
import com.paycore.platform.data.SqlLists;

/** The statements on {@code transactions}, plain JDBC and JPQL (docs/ARCHITECTURE.md, "SQL"). */
final class CardTransactionRows {

    private CardTransactionRows() {
    }

    /** A new transaction (authorization), written with its events in one compound statement. */
    static final EntityInsert<CardTransaction> INSERT = EntityInsert.of(CardTransaction.class);

    /** E16's columns of a transaction and its events (TransactionReads reads them in this order). */
    static final String VIEWED = "t.project_id, t.amount, t.currency, t.status, t.result_code, "
            + "t.masked_card_number, t.cc_type, t.captured_amount, t.refunded_amount, t.order_id, t.description, "
            + "t.tags, t.created_at, e.id, e.event_type, e.event_result, e.result_code, e.amount, e.occurred_at, t.version, t.id";

    static final String EVENTS = "left join transaction_events e on e.transaction_id = t.id";

    static final String IN_ORDER = "order by e.position";

    /** E16 by id: the transaction and its events in one left join, read straight into the view (TransactionReads). */
    static final String BY_ID = "select " + VIEWED + " from transactions t " + EVENTS + " where t.id = ? " + IN_ORDER;

    /** E16 by id joined to the API key's check (ProjectCaller.KeyedRead): only a transaction of the key's project. */
    static final String OF_KEYS_PROJECT = "left join transactions t on t.id = ? and t.project_id = k.project_id " + EVENTS;

    /** The columns of a listed transaction (TransactionRow), card data masked only. */
    private static final String LISTED = "t.id, t.project_id, t.amount, t.currency, t.status, t.masked_card_number, "
            + "t.cc_type, t.created_at";

    /**
     * The console's filters on its listing, in the order of their parameters: created at or after, created before (never
     * null: the service passes wide bounds), the search box's amount (a project not listed whole shows only the
     * transactions of that amount), status, last four digits, lowest and highest amount (each of these four twice: null
     * for no filter, then the value). Status and last four are row filters here; the walks named after them lead with
     * them instead.
     */
    private static final String FILTERS = " and x.created_at >= ? and x.created_at < ? and (p.whole or x.amount = ?::numeric)"
            + " and (?::varchar is null or x.status = ?::varchar) and (?::varchar is null or x.cc_last4 = ?::varchar)"
            + " and (?::numeric is null or x.amount >= ?::numeric) and (?::numeric is null or x.amount <= ?::numeric)";

    /** The projects to walk (ids, and whether each is listed whole) and the start of each project's walk. */
    private static final String WALK = " from unnest(?::uuid[], ?::boolean[]) as p(id, whole) cross join lateral (select "
            + "x.id, x.project_id, x.amount, x.currency, x.status, x.masked_card_number, x.cc_type, x.created_at "
            + "from transactions x where x.project_id = p.id";

    /** A walk's end: newest first, stopping after offset + limit rows (or the count's limit). */
    private static final String WALK_END = FILTERS + " order by x.created_at desc, x.id desc limit ?) t";

    private static final String BY_STATUS = " and x.status = ?::varchar";
    private static final String BY_LAST4 = " and x.cc_last4 = ?::varchar";
    private static final String NEWEST = " order by t.created_at desc, t.id desc limit ? offset ?";

    /**
     * The console's transactions on PostgreSQL, newest first: one backward walk per project of
     * {@code ix_transactions_project_created} (its created_at bounds the date range), each stopping after offset +
     * limit rows, merged and cut: fast on any table size, where a plain {@code project_id = any(?) order by created_at}
     * reads and sorts every row of the projects. Parameters: project ids, whether each is listed whole (same order),
     * {@link #FILTERS}' eleven, offset + limit, limit, offset.
     */
    static final String RECENT_POSTGRES = "select " + LISTED + WALK + WALK_END + NEWEST;

    /**
     * {@link #RECENT_POSTGRES} filtered on a status: each walk goes down {@code ix_transactions_project_status_created},
     * reading only that status' rows. The status is the third parameter, then as {@link #RECENT_POSTGRES}.
     */
    static final String RECENT_BY_STATUS_POSTGRES = "select " + LISTED + WALK + BY_STATUS + WALK_END + NEWEST;

    /**
     * {@link #RECENT_POSTGRES} filtered on the card's last four digits: each walk goes down
     * {@code ix_transactions_project_last4_created}. The digits are the third parameter, then as {@link #RECENT_POSTGRES}.
     */
    static final String RECENT_BY_LAST4_POSTGRES = "select " + LISTED + WALK + BY_LAST4 + WALK_END + NEWEST;

    /** How many transactions {@link #RECENT_POSTGRES} would list, at most the last parameter's number (each walk's too). */
    static final String COUNT_POSTGRES = "select count(*) from (select t.id" + WALK + WALK_END + " limit ?) c";

    /** {@link #COUNT_POSTGRES} of {@link #RECENT_BY_STATUS_POSTGRES}. */
    static final String COUNT_BY_STATUS_POSTGRES = "select count(*) from (select t.id" + WALK + BY_STATUS + WALK_END
            + " limit ?) c";

    /** {@link #COUNT_POSTGRES} of {@link #RECENT_BY_LAST4_POSTGRES}. */
    static final String COUNT_BY_LAST4_POSTGRES = "select count(*) from (select t.id" + WALK + BY_LAST4 + WALK_END
            + " limit ?) c";

    /** {@link #FILTERS} for the portable statements: the projects listed whole as an array of their ids. */
    private static final String FILTERS_PORTABLE = " and t.created_at >= ? and t.created_at < ? "
            + "and (t.project_id = any(?) or t.amount = ?) "
            + "and (cast(? as varchar(20)) is null or t.status = ?) and (cast(? as varchar(4)) is null or t.cc_last4 = ?) "
            + "and (cast(? as numeric(19,4)) is null or t.amount >= ?) and (cast(? as numeric(19,4)) is null or t.amount <= ?)";

    /**
     * {@link #RECENT_POSTGRES} for H2 (the embedded fallback) and any other database: the given projects (first array),
     * the projects listed whole (second array), then {@link #FILTERS}' parameters but the search amount, limit, offset.
     */
    static final String RECENT = "select " + LISTED + " from transactions t where t.project_id = any(?)"
            + FILTERS_PORTABLE + " order by t.created_at desc, t.id desc limit ? offset ?";

    /** How many transactions {@link #RECENT} would list, counting at most the last parameter's number. */
    static final String COUNT_RECENT = "select count(*) from (select t.id from transactions t where t.project_id = any(?)"
            + FILTERS_PORTABLE + " limit ?) c";

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

    /** Every project's transactions by status (TransactionFigures). */
    static final String STATUS_COUNTS = "SELECT status, COUNT(*) FROM transactions GROUP BY status";

    /** When the oldest capture awaiting settlement was made: null when none awaits (TransactionFigures). */
    static final String OLDEST_UNSETTLED_CAPTURE = "SELECT MIN(captured_at) FROM transactions WHERE status = 'Captured' "
            + "AND settled_at IS NULL";

    /** JPQL: the project's ({@code :project}) transaction ({@code :id}), to be locked. */
    static final String OF_PROJECT = "select t from CardTransaction t where t.id = :id and t.projectId = :project";

    /** JPQL: a project's ({@code :project}) transactions, filtered by {@code Where}, then {@link #NEWEST_FIRST}. */
    static final String LISTED_OF_PROJECT = "select t from CardTransaction t where t.projectId = :project";

    static final String NEWEST_FIRST = " order by t.createdAt desc, t.id desc";

    /** JPQL: the ids of a project's ({@code :project}) transactions whose status is one of {@code :open}. */
    static final String OPEN_OF_PROJECT = "select t.id from CardTransaction t where t.projectId = :project "
            + "and t.status in :open";

    /** JPQL: the captured transactions not settled, captured at or before {@code :cutoff}, oldest capture first. */
    static final String AWAITING_SETTLEMENT = "select t.id from CardTransaction t "
            + "where t.settledAt is null and t.capturedAt is not null and t.capturedAt <= :cutoff order by t.capturedAt";

    /** The columns that may hold a copy of a payment token's personal data ({@link TokenErasure}). */
    static final List<String> ERASABLE = List.of("billing_first_name", "billing_last_name", "billing_email",
            "billing_phone", "billing_address_line1", "billing_address_line2", "email");

    /**
     * The erasure of a deleted token's values from its transactions: {@code column = CASE WHEN column IN (?, ...) THEN
     * NULL ELSE column END} for each {@link #ERASABLE} column, each with its own {@code values} parameters, then
     * {@code payment_token_id = ?}.
     */
    static String erasure(int values) {
        return "UPDATE transactions SET " + SqlLists.nullingWhereIn(ERASABLE, values) + " WHERE payment_token_id = ?";
    }
}
