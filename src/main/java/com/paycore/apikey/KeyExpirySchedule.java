package com.paycore.apikey;

import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.logging.Logger;

import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import com.paycore.platform.runtime.Schedules;
import com.paycore.platform.runtime.Settings;
import com.paycore.platform.runtime.StartupOrder;

/**
 * Records {@code api_key.expiring} events every {@code payments.keys.expiry-notice-interval-seconds} (default 3600;
 * 0 disables), counted from the end of the previous run. Every instance runs it: each key is noticed under its row
 * lock, once.
 */
@ApplicationScoped
class KeyExpirySchedule {

    static final String SETTING = "payments.keys.expiry-notice-interval-seconds";
    private static final Logger LOG = Logger.getLogger(KeyExpirySchedule.class.getName());

    @Inject
    Schedules schedules;

    @Inject
    KeyExpiryNotices notices;

    @Inject
    Clock clock;

    void schedule(@Observes @Priority(StartupOrder.SCHEDULES) @Initialized(ApplicationScoped.class) Object started) {
        long seconds = Settings.wholeOrOff(SETTING, Settings.get(SETTING), 3600);
        if (seconds > 0) {
            schedules.withFixedDelay("api-key-expiry-notices", Duration.ofSeconds(seconds), this::run);
        }
    }

    /** Outside a transaction: each key is noticed in its own (Schedules logs a failed run; the next one retries). */
    void run() {
        int noticed = notices.run(OffsetDateTime.now(clock));
        if (noticed > 0) {
            LOG.info(() -> noticed + " api_key.expiring events recorded");
        }
    }
}
