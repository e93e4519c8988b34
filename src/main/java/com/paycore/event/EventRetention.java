package com.paycore.event;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import com.paycore.retention.Retention;

/**
 * Outbox rows are kept {@code payments.retention.events-days} (default 90, at least the 30 days DESIGN.md section 10
 * promises the events API) once they are dispatched. A delivery still queued for a pruned event fails as "no longer
 * kept" (DeliveryLedger). These are the notification copies only: a transaction's own history
 * ({@code transaction_events}, which the reports are built from) is a business record and is never pruned.
 */
@ApplicationScoped
class EventRetention {

    static final String SETTING = "payments.retention.events-days";

    void declare(@Observes Retention retention) {
        retention.days("events", SETTING, 90, 30, "events", "t.dispatched = TRUE AND t.created_at < :cutoff");
    }
}
