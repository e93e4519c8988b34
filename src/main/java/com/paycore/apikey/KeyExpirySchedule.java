package com.paycore.apikey;

import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.logging.Logger;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import com.paycore.platform.runtime.ScheduledJob;
import com.paycore.platform.runtime.Schedules;

/**
 * Records {@code api_key.expiring} events every {@code payments.keys.expiry-notice-interval-seconds} (default 3600;
 * 0 disables), counted from the end of the previous run. Every instance runs it: each key is noticed under its row
 * lock, once.
 */
@ApplicationScoped
class KeyExpirySchedule implements ScheduledJob {

    static final String SETTING = "payments.keys.expiry-notice-interval-seconds";
    private static final Logger LOG = Logger.getLogger(KeyExpirySchedule.class.getName());

    @Inject
    KeyExpiryNotices notices;

    @Inject
    Clock clock;

    @Override
    public void arm(Schedules schedules) {
        schedules.every("api-key-expiry-notices", SETTING, 3600, this::run);
    }

    /** Outside a transaction: each key is noticed in its own (Schedules logs a failed run; the next one retries). */
    void run() {
        int noticed = notices.run(OffsetDateTime.now(clock));
        if (noticed > 0) {
            LOG.info(() -> noticed + " api_key.expiring events recorded");
        }
    }
}
