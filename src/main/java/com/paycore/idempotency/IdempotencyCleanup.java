package com.paycore.idempotency;

import java.time.Clock;
import java.util.logging.Level;
import java.util.logging.Logger;

import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;

import com.paycore.platform.Times;

/**
 * Hourly removal of idempotency rows past their 24 h retention (they already count as absent; this keeps the
 * table small). A non-persistent timer on every instance: the delete is harmless to repeat.
 */
@Singleton
public class IdempotencyCleanup {

    private static final Logger LOG = Logger.getLogger(IdempotencyCleanup.class.getName());

    @Inject
    IdempotencyStore store;

    @Inject
    Clock clock;

    @Schedule(hour = "*", minute = "17", persistent = false, info = "idempotency-cleanup")
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    public void deleteExpired() {
        try {
            int deleted = store.deleteExpired(Times.utc(clock.instant()));
            if (deleted > 0) {
                LOG.fine(() -> "Deleted " + deleted + " expired idempotency rows");
            }
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Expired idempotency rows could not be deleted; retrying next hour", e);
        }
    }
}
