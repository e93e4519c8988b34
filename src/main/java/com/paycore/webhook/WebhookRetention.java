package com.paycore.webhook;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import com.paycore.retention.Retention;

/**
 * Finished deliveries (Delivered or Failed; a Pending one, queued or retrying, stays) are kept
 * {@code payments.retention.webhook-deliveries-days} (default 90, as the events themselves: a manual retry of any
 * event the events API still shows finds its delivery) after their last attempt; the delivery log
 * (attempts) {@code payments.retention.webhook-attempts-days} (default 30).
 */
@ApplicationScoped
class WebhookRetention {

    void declare(@Observes Retention retention) {
        retention.days("webhookDeliveries", "payments.retention.webhook-deliveries-days", 90, 1, "webhook_deliveries",
                "t.status IN ('" + DeliveryLedger.DELIVERED + "', '" + DeliveryLedger.FAILED + "') "
                        + "AND COALESCE(t.last_attempt_at, t.created_at) < :cutoff");
        retention.days("webhookAttempts", "payments.retention.webhook-attempts-days", 30, 1, "webhook_attempts",
                "t.attempted_at < :cutoff");
    }
}
