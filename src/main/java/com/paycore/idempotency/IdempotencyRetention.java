package com.paycore.idempotency;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import com.paycore.retention.Retention;

/**
 * Idempotency rows are useful for the 24 h replay window ({@link IdempotencyRules#RETENTION}) and count as absent
 * after it; they are deleted {@code payments.retention.idempotency-hours} after they were made (default 24, at least
 * 24: no row is deleted while its key may still be replayed). They hold sealed answers that may name a cardholder:
 * the shorter, the better.
 */
@ApplicationScoped
class IdempotencyRetention {

    void declare(@Observes Retention retention) {
        retention.hours("idempotency", "payments.retention.idempotency-hours", IdempotencyRules.RETENTION.toHours(),
                IdempotencyRules.RETENTION.toHours(), "idempotency_keys",
                "t.created_at < :cutoff AND t.expires_at <= :now");
    }
}
