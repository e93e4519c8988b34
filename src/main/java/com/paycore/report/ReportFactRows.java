package com.paycore.report;

import java.util.List;
import java.util.stream.Collectors;

import com.paycore.platform.data.SqlLists;

/**
 * The statements on the report's tables kept by {@link ReportSync}, all by plain JDBC (docs/ARCHITECTURE.md, "SQL"):
 * {@code report_sync_state}, {@code report_projects}, the fact table {@code report_transaction_events} and
 * {@code report_transaction_tags}. The copy reads the transaction feature's tables in SQL, never its code: it is a
 * read, and the rows it writes are the report's own. E3's read of the facts is assembled per request by {@link ReportSql}.
 */
final class ReportFactRows {

    private ReportFactRows() {
    }

    /** The sync state's row ({@link ReportSync#STATE}), locked until the transaction ends: runs and erasures take turns. */
    static final String LOCK_STATE = "SELECT watermark, last_run_at FROM report_sync_state WHERE name = ? FOR UPDATE";

    /** The newest time an event was recorded: the next run's watermark. */
    static final String NEWEST = "SELECT MAX(recorded_at) FROM transaction_events";

    /** Projects the fact table has not seen yet, with their names: the names new fact rows take. */
    static final String ADD_PROJECTS = "INSERT INTO report_projects (project_id, project_name) SELECT p.id, "
            + "p.project_name FROM projects p WHERE NOT EXISTS (SELECT 1 FROM report_projects r WHERE r.project_id = p.id)";

    /** The fact rows of renamed projects take the new name. */
    static final String RENAME_FACTS = "UPDATE report_transaction_events SET project_name = (SELECT p.project_name "
            + "FROM projects p WHERE p.id = report_transaction_events.project_id) WHERE project_id IN "
            + "(SELECT r.project_id FROM report_projects r JOIN projects p ON p.id = r.project_id "
            + "WHERE p.project_name <> r.project_name)";

    /** Then the names the next fact rows take. */
    static final String RENAME_PROJECTS = "UPDATE report_projects SET project_name = (SELECT p.project_name "
            + "FROM projects p WHERE p.id = report_projects.project_id) WHERE EXISTS (SELECT 1 FROM projects p "
            + "WHERE p.id = report_projects.project_id AND p.project_name <> report_projects.project_name)";

    /** The stored tags of every transaction that has no tag rows yet. */
    static final String UNTAGGED = "SELECT t.id, t.tags FROM transactions t WHERE t.tags IS NOT NULL "
            + "AND NOT EXISTS (SELECT 1 FROM report_transaction_tags g WHERE g.transaction_id = t.id)";

    /** {@link #UNTAGGED} of the transactions with events recorded at or after the parameter. */
    static final String UNTAGGED_SINCE = UNTAGGED + " AND t.id IN (SELECT e.transaction_id FROM transaction_events e "
            + "WHERE e.recorded_at >= ?)";

    static final String ADD_TAGS = "INSERT INTO report_transaction_tags (transaction_id, label, tag_value) VALUES (?, ?, ?)";

    /** When a sync last ran: null before the first (the business figures). */
    static final String LAST_RUN = "SELECT MAX(last_run_at) FROM report_sync_state";

    static final String SAVE_STATE = "UPDATE report_sync_state SET watermark = ?, last_run_at = ?, last_added = ? WHERE name = ?";

    private static final String FACT_COLUMNS = "event_id, transaction_id, company_id, project_id, project_name, "
            + "event_position, event_type, event_result, event_result_code, amount, currency, occurred_at, event_order, "
            + "created_at, ip, fingerprint, email, valid_cvv, cc_type, cc_last4, cc_expiration, "
            + "billing_first_name, billing_last_name, billing_address_line1, billing_address_line2, billing_city, "
            + "billing_state, billing_zip, billing_country, delivery_first_name, delivery_last_name, "
            + "delivery_address_line1, delivery_address_line2, delivery_city, delivery_state, delivery_zip, "
            + "delivery_country, transaction_result_code, synced_at";

    private static String sourceColumns(Dialect dialect) {
        return "e.id, e.transaction_id, e.company_id, e.project_id, r.project_name, "
                + "e.position, e.event_type, e.event_result, e.result_code, e.amount, e.currency, e.occurred_at, "
                + EventOrder.sql(dialect, "e") + ", "
                + "t.created_at, t.ip, t.fingerprint, t.email, t.valid_cvv, t.cc_type, t.cc_last4, t.cc_expiration, "
                + "t.billing_first_name, t.billing_last_name, t.billing_address_line1, t.billing_address_line2, t.billing_city, "
                + "t.billing_state, t.billing_zip, t.billing_country, t.delivery_first_name, t.delivery_last_name, "
                + "t.delivery_address_line1, t.delivery_address_line2, t.delivery_city, t.delivery_state, t.delivery_zip, "
                + "t.delivery_country, t.result_code, ?";
    }

    /**
     * The copy of the events the fact table lacks: the sync's time, then, when {@code since}, the earliest recorded
     * time to copy. Assembled per dialect: the event order is computed in SQL ({@link EventOrder}).
     */
    static String addEvents(Dialect dialect, boolean since) {
        return "INSERT INTO report_transaction_events (" + FACT_COLUMNS + ") SELECT " + sourceColumns(dialect)
                + " FROM transaction_events e JOIN transactions t ON t.id = e.transaction_id "
                + "JOIN report_projects r ON r.project_id = e.project_id "
                // a Pending event is copied once its outcome is known (DESIGN.md section 11: one event per move)
                + "WHERE e.event_result <> 'Pending' "
                + "AND NOT EXISTS (SELECT 1 FROM report_transaction_events x WHERE x.event_id = e.id)"
                + (since ? " AND e.recorded_at >= ?" : "");
    }

    /** The rollups' key: fact columns, the two times truncated to their UTC hour. */
    private static final List<String> HOUR_KEY = List.of("company_id", "project_id", "occurred_hour", "created_hour",
            "event_type", "event_result", "event_result_code", "cc_type", "valid_cvv", "currency");

    /** The key's columns that may be null in the facts: a null matches a null. */
    private static final List<String> NULLABLE_KEYS = List.of("event_result_code", "valid_cvv");

    private static String hourKeySource(Dialect dialect, String column) {
        return switch (column) {
            case "occurred_hour" -> dialect.utcHour("f.occurred_at");
            case "created_hour" -> dialect.utcHour("f.created_at");
            default -> "f." + column;
        };
    }

    /**
     * The fact rows a run added (their {@code synced_at}, the parameter, is the run's own) added to an hourly rollup
     * ({@link ReportHours.Table}): a cell already there takes their counts, sums and extremes. Runs take turns under
     * the sync state's lock, so no other writer meets the cell.
     */
    static String addHours(Dialect dialect, ReportHours.Table table) {
        List<String> key = HOUR_KEY.stream().filter(c -> table.perProject || !c.equals("project_id")).toList();
        List<String> source = key.stream().map(c -> hourKeySource(dialect, c)).toList();
        StringBuilder grouped = new StringBuilder("SELECT ");
        for (int i = 0; i < key.size(); i++) {
            grouped.append(source.get(i)).append(" AS ").append(key.get(i)).append(", ");
        }
        grouped.append("COUNT(*) AS event_count, SUM(f.amount) AS amount_sum, MIN(f.occurred_at) AS first_at, "
                + "MAX(f.occurred_at) AS last_at, MAX(f.event_order) AS last_key FROM report_transaction_events f "
                + "WHERE f.synced_at = ? GROUP BY ").append(String.join(", ", source));
        List<String> same = key.stream().map(c -> NULLABLE_KEYS.contains(c)
                ? "h." + c + " IS NOT DISTINCT FROM n." + c : "h." + c + " = n." + c).toList();
        List<String> measures = List.of("event_count", "amount_sum", "first_at", "last_at", "last_key");
        return "MERGE INTO " + table.name + " h USING (" + grouped + ") n ON " + String.join(" AND ", same)
                + " WHEN MATCHED THEN UPDATE SET event_count = h.event_count + n.event_count, "
                + "amount_sum = h.amount_sum + n.amount_sum, first_at = LEAST(h.first_at, n.first_at), "
                + "last_at = GREATEST(h.last_at, n.last_at), last_key = GREATEST(h.last_key, n.last_key) "
                + "WHEN NOT MATCHED THEN INSERT (" + String.join(", ", key) + ", " + String.join(", ", measures)
                + ") VALUES (" + key.stream().map(c -> "n." + c).collect(Collectors.joining(", "))
                + ", " + measures.stream().map(c -> "n." + c).collect(Collectors.joining(", ")) + ")";
    }

    /** The fact columns that may hold a copy of a payment token's personal data ({@link ReportErasure}). */
    static final List<String> ERASABLE = List.of("billing_first_name", "billing_last_name", "billing_address_line1",
            "billing_address_line2", "email");

    /**
     * The erasure of a deleted token's values from the facts of its transactions: {@code column = CASE WHEN column IN
     * (?, ...) THEN NULL ELSE column END} for each {@link #ERASABLE} column, each with its own {@code values}
     * parameters, then the token's id.
     */
    static String erasure(int values) {
        return "UPDATE report_transaction_events SET " + SqlLists.nullingWhereIn(ERASABLE, values)
                + " WHERE transaction_id IN (SELECT t.id FROM transactions t WHERE t.payment_token_id = ?)";
    }
}
