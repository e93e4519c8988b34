package com.paycore.metrics;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import com.paycore.chargeback.ChargebackService;
import com.paycore.report.ReportSync;
import com.paycore.transaction.TransactionFigures;
import com.paycore.vault.PaymentTokenService;
import com.paycore.webhook.WebhookEndpointService;

/**
 * The business figures, read from the database (so every instance shows the same figures, whoever did the work):
 * transactions by status, transaction events by type and result (declines are type Authorize, result Declined),
 * payment tokens, the age of the oldest capture awaiting settlement, the time since the last report sync, pending
 * chargebacks (and those due within three days), webhook deliveries by status. Each feature counts its own rows
 * (its service's figure, its statement beside its table's others). They are platform-wide, so they are not among
 * the open {@code /metrics}: {@link BusinessMetricsServlet} serves them in Prometheus text to a scrape that carries
 * the configured credential. The queries run when that endpoint is scraped and the last reading is
 * older than {@code payments.metrics.business-refresh-seconds} (10 s by default), never on a request path.
 */
@ApplicationScoped
class BusinessFigures {

    private static final Logger LOG = Logger.getLogger(BusinessFigures.class.getName());
    static final Duration DUE_SOON = Duration.ofDays(3);

    /** How old a reading may be before a scrape reads the figures again (0: every scrape). */
    @Inject
    @ConfigProperty(name = "payments.metrics.business-refresh-seconds", defaultValue = "10")
    long freshSeconds;

    @Inject
    TransactionFigures transactions;

    @Inject
    PaymentTokenService tokens;

    @Inject
    ReportSync reports;

    @Inject
    ChargebackService chargebacks;

    @Inject
    WebhookEndpointService webhooks;

    private String text = "";
    private long readAt;
    private boolean read;

    /** The figures in Prometheus text (version 0.0.4), read again when the last reading is stale. */
    synchronized String exposition() {
        if (stale(read, readAt, System.nanoTime(), freshSeconds)) {
            refresh();
        }
        return text;
    }

    /** Whether a scrape at {@code now} reads the figures again: never read yet, or read longer ago than allowed. */
    static boolean stale(boolean read, long readAt, long now, long freshSeconds) {
        return !read || now - readAt > Duration.ofSeconds(Math.max(0, freshSeconds)).toNanos();
    }

    private void refresh() {
        StringBuilder next = new StringBuilder();
        Instant now = Instant.now();
        try {
            grouped(next, "payments_transactions", "Transactions by status", "status", transactions.byStatus());
            header(next, "payments_transaction_events", "Transaction events recorded, by type and result (only grows)");
            for (TransactionFigures.EventCount events : transactions.eventsByTypeAndResult()) {
                sample(next, "payments_transaction_events", events.count(), "type", events.type(), "result", events.result());
            }
            grouped(next, "payments_webhook_deliveries", "Webhook deliveries by status", "status",
                    webhooks.deliveriesByStatus());
            gauge(next, "payments_payment_tokens", "Payment tokens stored (deleted ones included)", tokens.stored());
            gauge(next, "payments_settlement_oldest_unsettled_capture_age_seconds",
                    "Age of the oldest capture awaiting settlement (0: none)",
                    transactions.oldestUnsettledCapture().map(oldest -> ageSeconds(oldest, now)).orElse(0L));
            gauge(next, "payments_report_sync_last_run_age_seconds", "Time since the report sync last ran",
                    reports.lastRun().map(synced -> ageSeconds(synced, now)).orElse(0L));
            gauge(next, "payments_chargebacks_pending", "Chargebacks awaiting the merchant's answer", chargebacks.pending());
            gauge(next, "payments_chargebacks_pending_due_soon",
                    "Pending chargebacks whose respond-by date is within 3 days",
                    chargebacks.pendingDueBy(now.plus(DUE_SOON)));
            text = next.toString();
            read = true;
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Business figures could not be read; the last ones stay", e);
        }
        readAt = System.nanoTime();
    }

    private static long ageSeconds(Instant then, Instant now) {
        return Math.max(0, Duration.between(then, now).toSeconds());
    }

    /** Counts by one tag: one sample per tag value. */
    private static void grouped(StringBuilder into, String name, String description, String tag, Map<String, Long> counts) {
        header(into, name, description);
        counts.forEach((value, count) -> sample(into, name, count, tag, value));
    }

    /** One sample: the tags as name, value pairs. */
    private static void sample(StringBuilder into, String name, long value, String... tags) {
        into.append(name).append('{');
        for (int i = 0; i < tags.length; i += 2) {
            into.append(i == 0 ? "" : ",").append(tags[i]).append("=\"").append(escape(String.valueOf(tags[i + 1])))
                    .append('"');
        }
        into.append("} ").append(value).append('\n');
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
}
