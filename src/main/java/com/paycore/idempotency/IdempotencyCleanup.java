package com.paycore.idempotency;

import java.time.Clock;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import com.paycore.platform.Schedules;
import com.paycore.platform.StartupOrder;
import com.paycore.platform.Times;

/**
 * Hourly removal of idempotency rows past their 24 h retention (they already count as absent; this keeps the
 * table small), at minute 17 of every hour of the server's time zone. It runs on every instance ({@link Schedules}):
 * the delete is harmless to repeat.
 */
@ApplicationScoped
class IdempotencyCleanup {

    private static final Logger LOG = Logger.getLogger(IdempotencyCleanup.class.getName());

    @Inject
    IdempotencyStore store;

    @Inject
    Clock clock;

    @Inject
    Schedules schedules;

    void schedule(@Observes @Priority(StartupOrder.SCHEDULES) @Initialized(ApplicationScoped.class) Object started) {
        schedules.at("idempotency-cleanup", ZoneId.systemDefault(), IdempotencyCleanup::nextRun, this::deleteExpired);
    }

    /** Minute 17 of the first hour whose minute 17 is after {@code from}. */
    static ZonedDateTime nextRun(ZonedDateTime from) {
        ZonedDateTime thisHour = from.truncatedTo(ChronoUnit.HOURS).withMinute(17);
        return thisHour.isAfter(from) ? thisHour : thisHour.plusHours(1);
    }

    /** Outside a transaction: the delete runs in {@link IdempotencyStore}'s own. */
    void deleteExpired() {
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
