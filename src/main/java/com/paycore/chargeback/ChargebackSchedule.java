package com.paycore.chargeback;

import java.util.logging.Logger;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import com.paycore.platform.runtime.ScheduledJob;
import com.paycore.platform.runtime.Schedules;

/**
 * Accepts overdue Pending chargebacks every {@code payments.chargebacks.auto-accept-interval-seconds} (default 300;
 * 0 disables), counted from the end of the previous run ({@link Schedules}). It runs on every instance: the runs lock
 * each chargeback, so they are safe together.
 */
@ApplicationScoped
class ChargebackSchedule implements ScheduledJob {

    private static final Logger LOG = Logger.getLogger(ChargebackSchedule.class.getName());
    static final String INTERVAL = "payments.chargebacks.auto-accept-interval-seconds";
    static final long DEFAULT_SECONDS = 300;

    @Inject
    ChargebackService chargebacks;

    @Override
    public void arm(Schedules schedules) {
        schedules.every("chargeback-auto-accept", INTERVAL, DEFAULT_SECONDS, this::run);
    }

    /** Outside a transaction: each overdue chargeback is accepted in its own. */
    void run() {
        int accepted = chargebacks.acceptOverdue(chargebacks.now());
        if (accepted > 0) {
            LOG.info(() -> accepted + " overdue chargebacks accepted automatically");
        }
    }
}
