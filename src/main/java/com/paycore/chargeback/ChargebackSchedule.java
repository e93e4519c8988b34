package com.paycore.chargeback;

import java.util.logging.Level;
import java.util.logging.Logger;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.Timeout;
import jakarta.ejb.TimerConfig;
import jakarta.ejb.TimerService;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;

import com.paycore.platform.Settings;

/**
 * Accepts overdue Pending chargebacks every {@code payments.chargebacks.auto-accept-interval-seconds} (default 300;
 * 0 disables). A non-persistent timer on every instance: the runs lock each chargeback, so they are safe together.
 */
@Singleton
@Startup
public class ChargebackSchedule {

    private static final Logger LOG = Logger.getLogger(ChargebackSchedule.class.getName());

    @Resource
    TimerService timers;

    @Inject
    ChargebackService chargebacks;

    @PostConstruct
    void schedule() {
        long seconds = interval(Settings.get("payments.chargebacks.auto-accept-interval-seconds"));
        if (seconds > 0) {
            timers.createIntervalTimer(seconds * 1000, seconds * 1000, new TimerConfig("chargeback-auto-accept", false));
        }
    }

    @Timeout
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
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
