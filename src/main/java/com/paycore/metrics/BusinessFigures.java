package com.paycore.metrics;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.logging.Level;
import java.util.logging.Logger;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import com.paycore.platform.data.Jdbc;

/**
 * The business figures, read from the database (so every instance shows the same figures, whoever did the work):
 * transactions by status, transaction events by type and result (declines are type Authorize, result Declined),
 * payment tokens, the age of the oldest capture awaiting settlement, the time since the last report sync, pending
 * chargebacks (and those due within three days), webhook deliveries by status. Read-only counts over the features'
 * tables, like the report sync's copy: no feature's code is involved. They are platform-wide, so they are not among
 * the open {@code /metrics}: {@link BusinessMetricsServlet} serves them in Prometheus text to a scrape that carries
 * the configured credential. The queries run when that endpoint is scraped and the last reading is
 * older than {@value #FRESH_SECONDS} s, never on a request path.
 */
@ApplicationScoped
class BusinessFigures {

    private static final Logger LOG = Logger.getLogger(BusinessFigures.class.getName());
    static final long FRESH_SECONDS = 10;
    static final Duration DUE_SOON = Duration.ofDays(3);
    static final String TRANSACTIONS = "SELECT status, COUNT(*) FROM transactions GROUP BY status";
    static final String EVENTS = "SELECT event_type, event_result, COUNT(*) FROM transaction_events "
            + "GROUP BY event_type, event_result";
    static final String DELIVERIES = "SELECT status, COUNT(*) FROM webhook_deliveries GROUP BY status";
    static final String TOKENS = "SELECT COUNT(*) FROM payment_tokens";
    static final String UNSETTLED = "SELECT MIN(captured_at) FROM transactions WHERE status = 'Captured' "
            + "AND settled_at IS NULL";
    static final String LAST_SYNC = "SELECT MAX(last_run_at) FROM report_sync_state";
    static final String CHARGEBACKS = "SELECT COUNT(*) FROM chargebacks WHERE status = 'Pending'";
    static final String CHARGEBACKS_DUE = CHARGEBACKS + " AND respond_by_date <= ?";

    @Inject
    Jdbc jdbc;

    private String text = "";
    private long readAt;
    private boolean read;

    /** The figures in Prometheus text (version 0.0.4), read again when the last reading is stale. */
    synchronized String exposition() {
        if (!read || System.nanoTime() - readAt > Duration.ofSeconds(FRESH_SECONDS).toNanos()) {
            refresh();
        }
        return text;
    }

    private void refresh() {
        StringBuilder next = new StringBuilder();
        Instant now = Instant.now();
        try {
            jdbc.session(c -> {
                grouped(c, TRANSACTIONS, next, "payments_transactions", "Transactions by status", "status");
                grouped(c, EVENTS, next, "payments_transaction_events",
                        "Transaction events recorded, by type and result (only grows)", "type", "result");
                grouped(c, DELIVERIES, next, "payments_webhook_deliveries", "Webhook deliveries by status", "status");
                gauge(next, "payments_payment_tokens", "Payment tokens stored (deleted ones included)", single(c, TOKENS));
                Instant oldest = instant(c, UNSETTLED);
                gauge(next, "payments_settlement_oldest_unsettled_capture_age_seconds",
                        "Age of the oldest capture awaiting settlement (0: none)",
                        oldest == null ? 0 : Math.max(0, Duration.between(oldest, now).toSeconds()));
                Instant synced = instant(c, LAST_SYNC);
                gauge(next, "payments_report_sync_last_run_age_seconds", "Time since the report sync last ran",
                        synced == null ? 0 : Math.max(0, Duration.between(synced, now).toSeconds()));
                gauge(next, "payments_chargebacks_pending", "Chargebacks awaiting the merchant's answer",
                        single(c, CHARGEBACKS));
                gauge(next, "payments_chargebacks_pending_due_soon",
                        "Pending chargebacks whose respond-by date is within 3 days",
                        single(c, CHARGEBACKS_DUE, Timestamp.from(now.plus(DUE_SOON))));
                return null;
            });
            text = next.toString();
            read = true;
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Business figures could not be read; the last ones stay", e);
        }
        readAt = System.nanoTime();
    }

    /** Counts grouped by one or two columns: one sample per tag value set. */
    private static void grouped(Jdbc.Session c, String sql, StringBuilder into, String name, String description,
                                String... tags) throws SQLException {
        header(into, name, description);
        for (String sample : c.list(sql, r -> sample(r, name, tags))) {
            into.append(sample);
        }
    }

    private static String sample(ResultSet r, String name, String... tags) throws SQLException {
        StringBuilder sample = new StringBuilder(name).append('{');
        for (int i = 0; i < tags.length; i++) {
            sample.append(i == 0 ? "" : ",").append(tags[i]).append("=\"")
                    .append(escape(String.valueOf(r.getString(i + 1)))).append('"');
        }
        return sample.append("} ").append(r.getLong(tags.length + 1)).append('\n').toString();
    }

    private static void gauge(StringBuilder into, String name, String description, long value) {
        header(into, name, description);
        into.append(name).append(' ').append(value).append('\n');
    }

    private static void header(StringBuilder into, String name, String description) {
        into.append("# HELP ").append(name).append(' ').append(description).append('\n');
        into.append("# TYPE ").append(name).append(" gauge\n");
    }

    /** A label value in Prometheus text: backslash, double quote and line feed escaped. */
    static String escape(String value) {
        return value.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }

    private static long single(Jdbc.Session c, String sql, Object... parameters) throws SQLException {
        return c.first(sql, r -> r.getLong(1), parameters).orElseThrow();
    }

    private static Instant instant(Jdbc.Session c, String sql) throws SQLException {
        return c.first(sql, r -> {
            Timestamp t = r.getTimestamp(1);
            return t == null ? null : t.toInstant();
        }).orElse(null); // MIN or MAX of no rows
    }
}
