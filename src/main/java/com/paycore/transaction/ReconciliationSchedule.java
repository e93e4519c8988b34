package com.paycore.transaction;

import java.util.logging.Logger;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import com.paycore.platform.runtime.ScheduledJob;
import com.paycore.platform.runtime.Schedules;

/**
 * The reconciliation job every {@code payments.reconciliation.interval-seconds} (default 60; {@code off} disables
 * it), on every instance ({@link Schedules}): {@link Reconciliation} claims each item once across them.
 */
@ApplicationScoped
class ReconciliationSchedule implements ScheduledJob {

    private static final Logger LOG = Logger.getLogger(ReconciliationSchedule.class.getName());
    static final String INTERVAL = "payments.reconciliation.interval-seconds";
    static final long DEFAULT_SECONDS = 60;

    @Inject
    Reconciliation reconciliation;

    @Override
    public void arm(Schedules schedules) {
        schedules.every("reconciliation", INTERVAL, DEFAULT_SECONDS, this::run);
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
