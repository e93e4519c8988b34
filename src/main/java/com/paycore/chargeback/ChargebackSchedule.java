package com.paycore.chargeback;

import java.time.Duration;
import java.util.logging.Level;
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
 * Accepts overdue Pending chargebacks every {@code payments.chargebacks.auto-accept-interval-seconds} (default 300;
 * 0 disables), counted from the end of the previous run ({@link Schedules}). It runs on every instance: the runs lock
 * each chargeback, so they are safe together.
 */
@ApplicationScoped
class ChargebackSchedule {

    private static final Logger LOG = Logger.getLogger(ChargebackSchedule.class.getName());

    @Inject
    Schedules schedules;

    @Inject
    ChargebackService chargebacks;

    void schedule(@Observes @Priority(StartupOrder.SCHEDULES) @Initialized(ApplicationScoped.class) Object started) {
        long seconds = interval(Settings.get("payments.chargebacks.auto-accept-interval-seconds"));
        if (seconds > 0) {
            schedules.withFixedDelay("chargeback-auto-accept", Duration.ofSeconds(seconds), this::run);
        }
    }

    /** Outside a transaction: each overdue chargeback is accepted in its own. */
    void run() {
        try {
            int accepted = chargebacks.acceptOverdue(chargebacks.now());
            if (accepted > 0) {
                LOG.info(() -> accepted + " overdue chargebacks accepted automatically");
            }
        } catch (RuntimeException e) {
            LOG.log(Level.SEVERE, "Accepting overdue chargebacks failed; the next run retries", e);
        }
    }

    static long interval(String value) {
        return Settings.wholeOrOff("payments.chargebacks.auto-accept-interval-seconds", value, 300);
    }
}
