package com.paycore.audit;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import com.paycore.retention.Retention;

/**
 * Audit rows are kept the longest: {@code payments.retention.audit-days} (default 400: the year PCI DSS 10.5.1 asks
 * for, with a margin), at least 365. On PostgreSQL the table's trigger refuses every update, and every delete of a
 * row younger than 365 days, whatever the setting (Liquibase 022).
 */
@ApplicationScoped
class AuditRetention {

    void declare(@Observes Retention retention) {
        retention.days("audit", "payments.retention.audit-days", 400, 365, "audit_events", "t.occurred_at < :cutoff");
    }
}
