package com.paycore.metrics;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Level;
import java.util.logging.Logger;

import javax.sql.DataSource;

import jakarta.annotation.Priority;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.MetricUnits;
import org.eclipse.microprofile.metrics.Tag;

import com.paycore.platform.Datasource;
import com.paycore.platform.StartupOrder;

/**
 * The business figures at /metrics, read from the database (so every instance shows the same figures, whoever did the
 * work): transactions by status, transaction events by type and result (declines are type Authorize, result
 * Declined), payment tokens, the age of the oldest capture awaiting settlement, the time since the last report sync,
 * pending chargebacks (and those due within three days), webhook deliveries by status. Read-only counts over the
 * features' tables, like the report sync's copy: no feature's code is involved. The queries run when /metrics is
 * scraped and the last reading is older than {@value #FRESH_SECONDS} s, never on a request path.
 */
@ApplicationScoped
class BusinessFigures {

    private static final Logger LOG = Logger.getLogger(BusinessFigures.class.getName());
    static final long FRESH_SECONDS = 10;
    static final Duration DUE_SOON = Duration.ofDays(3);

    @Resource(lookup = Datasource.JNDI_NAME)
    DataSource dataSource;

    @Inject
    MetricRegistry registry;

    private volatile Map<String, Double> figures = Map.of();
    private volatile long readAt;
    private final Set<String> registered = ConcurrentHashMap.newKeySet();

    void start(@Observes @Priority(StartupOrder.SCHEDULES) @Initialized(ApplicationScoped.class) Object started) {
        gauge("payments_payment_tokens", "Payment tokens stored (deleted ones included)", null);
        gauge("payments_settlement_oldest_unsettled_capture_age", "Age of the oldest capture awaiting settlement (0: none)",
                MetricUnits.SECONDS);
        gauge("payments_report_sync_last_run_age", "Time since the report sync last ran", MetricUnits.SECONDS);
        gauge("payments_chargebacks_pending", "Chargebacks awaiting the merchant's answer", null);
        gauge("payments_chargebacks_pending_due_soon", "Pending chargebacks whose respond-by date is within 3 days", null);
        refresh();
    }

    /** The figure under the key, refreshed when stale; new tag values seen in a refresh get their gauge then. */
    double read(String key) {
        if (System.nanoTime() - readAt > Duration.ofSeconds(FRESH_SECONDS).toNanos()) {
            refresh();
        }
        return figures.getOrDefault(key, 0.0);
    }

    private synchronized void refresh() {
        if (System.nanoTime() - readAt <= Duration.ofSeconds(FRESH_SECONDS).toNanos() && !figures.isEmpty()) {
            return;
        }
        Map<String, Double> next = new HashMap<>();
        Instant now = Instant.now();
        try (Connection c = dataSource.getConnection()) {
            grouped(c, "SELECT status, COUNT(*) FROM transactions GROUP BY status", next,
                    "payments_transactions", "Transactions by status", "status");
            grouped(c, "SELECT event_type, event_result, COUNT(*) FROM transaction_events GROUP BY event_type, event_result",
                    next, "payments_transaction_events", "Transaction events recorded, by type and result (only grows)",
                    "type", "result");
            grouped(c, "SELECT status, COUNT(*) FROM webhook_deliveries GROUP BY status", next,
                    "payments_webhook_deliveries", "Webhook deliveries by status", "status");
            next.put("payments_payment_tokens", single(c, "SELECT COUNT(*) FROM payment_tokens"));
            Instant oldest = instant(c, "SELECT MIN(captured_at) FROM transactions WHERE status = 'Captured' AND settled_at IS NULL");
            next.put("payments_settlement_oldest_unsettled_capture_age",
                    oldest == null ? 0.0 : Math.max(0, Duration.between(oldest, now).toSeconds()));
            Instant synced = instant(c, "SELECT MAX(last_run_at) FROM report_sync_state");
            next.put("payments_report_sync_last_run_age",
                    synced == null ? 0.0 : Math.max(0, Duration.between(synced, now).toSeconds()));
            next.put("payments_chargebacks_pending", single(c, "SELECT COUNT(*) FROM chargebacks WHERE status = 'Pending'"));
            try (PreparedStatement s = c.prepareStatement(
                    "SELECT COUNT(*) FROM chargebacks WHERE status = 'Pending' AND respond_by_date <= ?")) {
                s.setTimestamp(1, Timestamp.from(now.plus(DUE_SOON)));
                try (ResultSet r = s.executeQuery()) {
                    r.next();
                    next.put("payments_chargebacks_pending_due_soon", (double) r.getLong(1));
                }
            }
            figures = next;
        } catch (SQLException | RuntimeException e) {
            LOG.log(Level.WARNING, "Business figures for /metrics could not be read; the last ones stay", e);
        }
        readAt = System.nanoTime();
    }

    /** Counts grouped by one or two columns: one gauge per tag value set, registered when first seen. */
    private void grouped(Connection c, String sql, Map<String, Double> into, String name, String description,
                         String... tags) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(sql); ResultSet r = s.executeQuery()) {
            while (r.next()) {
                Tag[] values = new Tag[tags.length];
                StringBuilder key = new StringBuilder(name);
                for (int i = 0; i < tags.length; i++) {
                    String value = String.valueOf(r.getString(i + 1));
                    values[i] = new Tag(tags[i], value);
                    key.append('|').append(value);
                }
                into.put(key.toString(), (double) r.getLong(tags.length + 1));
                String k = key.toString();
                if (registered.add(k)) {
                    registry.gauge(Metadata.builder().withName(name).withDescription(description).build(), this,
                            f -> f.read(k), values);
                }
            }
        }
    }

    private void gauge(String name, String description, String unit) {
        org.eclipse.microprofile.metrics.MetadataBuilder metadata = Metadata.builder().withName(name).withDescription(description);
        if (unit != null) {
            metadata.withUnit(unit);
        }
        registered.add(name);
        registry.gauge(metadata.build(), this, f -> f.read(name));
    }

    private static double single(Connection c, String sql) throws SQLException {
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
