package com.paycore.transaction;

import java.time.Duration;
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
 * The reconciliation job every {@code payments.reconciliation.interval-seconds} (default 60; {@code off} disables
 * it), on every instance ({@link Schedules}): {@link Reconciliation} claims each item once across them.
 */
@ApplicationScoped
class ReconciliationSchedule {

    private static final Logger LOG = Logger.getLogger(ReconciliationSchedule.class.getName());
    static final String INTERVAL = "payments.reconciliation.interval-seconds";

    @Inject
    Schedules schedules;

    @Inject
    Reconciliation reconciliation;

    void schedule(@Observes @Priority(StartupOrder.SCHEDULES) @Initialized(ApplicationScoped.class) Object started) {
        long seconds = interval(Settings.get(INTERVAL));
        if (seconds == 0) {
            LOG.info("Scheduled reconciliation is off (" + INTERVAL + "=off)");
            return;
        }
        schedules.withFixedDelay("reconciliation", Duration.ofSeconds(seconds), this::run);
    }

    static long interval(String value) {
        return Settings.wholeOrOff(INTERVAL, value, 60);
    }

    /**
     * Outside a transaction: each item is reconciled in its own. A failed run is {@link Schedules}' to log and count
     * (its job metric), and the next run tries again.
     */
    void run() {
        Reconciliation.Result result = reconciliation.run();
        if (result.resolved() + result.gaveUp() > 0) {
            LOG.info(() -> "Reconciliation: " + result.resolved() + " outcomes learned, " + result.gaveUp()
                    + " given up, " + result.stillPending() + " still pending");
        }
    }
}
