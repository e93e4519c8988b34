package com.paycore.metrics;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.logging.Level;
import java.util.logging.Logger;

import javax.sql.DataSource;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;

import com.paycore.platform.data.Datasource;

/**
 * The business figures, read from the database (so every instance shows the same figures, whoever did the work):
 * transactions by status, transaction events by type and result (declines are type Authorize, result Declined),
 * payment tokens, the age of the oldest capture awaiting settlement, the time since the last report sync, pending
 * chargebacks (and those due within three days), webhook deliveries by status. Read-only counts over the features'
 * tables, like the report sync's copy: no feature's code is involved. They are platform-wide, so they are not among
 * the open {@code /metrics}: {@link BusinessMetricsServlet} serves them in Prometheus text to a scrape that carries
 * the configured credential (issue 24 item 11). The queries run when that endpoint is scraped and the last reading is
 * older than {@value #FRESH_SECONDS} s, never on a request path.
 */
@ApplicationScoped
class BusinessFigures {

    private static final Logger LOG = Logger.getLogger(BusinessFigures.class.getName());
    static final long FRESH_SECONDS = 10;
    static final Duration DUE_SOON = Duration.ofDays(3);

    @Resource(lookup = Datasource.JNDI_NAME)
    DataSource dataSource;

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
        try (Connection c = dataSource.getConnection()) {
            grouped(c, "SELECT status, COUNT(*) FROM transactions GROUP BY status", next,
                    "payments_transactions", "Transactions by status", "status");
            grouped(c, "SELECT event_type, event_result, COUNT(*) FROM transaction_events GROUP BY event_type, event_result",
                    next, "payments_transaction_events", "Transaction events recorded, by type and result (only grows)",
                    "type", "result");
            grouped(c, "SELECT status, COUNT(*) FROM webhook_deliveries GROUP BY status", next,
                    "payments_webhook_deliveries", "Webhook deliveries by status", "status");
            gauge(next, "payments_payment_tokens", "Payment tokens stored (deleted ones included)",
                    single(c, "SELECT COUNT(*) FROM payment_tokens"));
            Instant oldest = instant(c, "SELECT MIN(captured_at) FROM transactions WHERE status = 'Captured' AND settled_at IS NULL");
            gauge(next, "payments_settlement_oldest_unsettled_capture_age_seconds",
                    "Age of the oldest capture awaiting settlement (0: none)",
                    oldest == null ? 0 : Math.max(0, Duration.between(oldest, now).toSeconds()));
            Instant synced = instant(c, "SELECT MAX(last_run_at) FROM report_sync_state");
            gauge(next, "payments_report_sync_last_run_age_seconds", "Time since the report sync last ran",
                    synced == null ? 0 : Math.max(0, Duration.between(synced, now).toSeconds()));
            gauge(next, "payments_chargebacks_pending", "Chargebacks awaiting the merchant's answer",
                    single(c, "SELECT COUNT(*) FROM chargebacks WHERE status = 'Pending'"));
            try (PreparedStatement s = c.prepareStatement(
                    "SELECT COUNT(*) FROM chargebacks WHERE status = 'Pending' AND respond_by_date <= ?")) {
                s.setTimestamp(1, Timestamp.from(now.plus(DUE_SOON)));
                try (ResultSet r = s.executeQuery()) {
                    r.next();
                    gauge(next, "payments_chargebacks_pending_due_soon",
                            "Pending chargebacks whose respond-by date is within 3 days", r.getLong(1));
                }
            }
            text = next.toString();
            read = true;
        } catch (SQLException | RuntimeException e) {
            LOG.log(Level.WARNING, "Business figures could not be read; the last ones stay", e);
        }
        readAt = System.nanoTime();
    }

    /** Counts grouped by one or two columns: one sample per tag value set. */
    private static void grouped(Connection c, String sql, StringBuilder into, String name, String description,
                                String... tags) throws SQLException {
        header(into, name, description);
        try (PreparedStatement s = c.prepareStatement(sql); ResultSet r = s.executeQuery()) {
            while (r.next()) {
                into.append(name).append('{');
                for (int i = 0; i < tags.length; i++) {
                    into.append(i == 0 ? "" : ",").append(tags[i]).append("=\"")
                            .append(escape(String.valueOf(r.getString(i + 1)))).append('"');
                }
                into.append("} ").append(r.getLong(tags.length + 1)).append('\n');
            }
        }
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

    private static long single(Connection c, String sql) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(sql); ResultSet r = s.executeQuery()) {
            r.next();
            return r.getLong(1);
        }
    }

    private static Instant instant(Connection c, String sql) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(sql); ResultSet r = s.executeQuery()) {
            r.next();
            Timestamp t = r.getTimestamp(1);
            return t == null ? null : t.toInstant();
        }
    }
}
