package com.paycore.report;

import java.util.logging.Level;
import java.util.logging.Logger;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
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
 * The periodic report synchronization, every {@code payments.reports.sync-interval-seconds} (default 60; 0 or
 * {@code off} disables it). A non-persistent interval timer on every instance: runs take turns on the database's row
 * lock, and a tick that finds this instance's previous run still going is skipped.
 */
@Singleton
@Startup
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
public class ReportSyncSchedule {

    private static final Logger LOG = Logger.getLogger(ReportSyncSchedule.class.getName());
    static final String INTERVAL = "payments.reports.sync-interval-seconds";

    @Resource
    TimerService timers;

    @Inject
    ReportSync sync;

    @PostConstruct
    void schedule() {
        long seconds = interval(Settings.get(INTERVAL));
        if (seconds == 0) {
            LOG.info("Periodic report synchronization is off (" + INTERVAL + ")");
            return;
        }
        timers.createIntervalTimer(seconds * 1000, seconds * 1000, new TimerConfig("report-sync", false));
    }

    @Timeout
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    void run() {
        try {
            sync.runIfIdle().ifPresent(result -> {
                if (result.added() > 0 || result.renamed() > 0) {
                    LOG.fine(() -> "Report sync: " + result.added() + " events added, " + result.renamed()
                            + " rows renamed, " + result.tags() + " tags");
                }
            });
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Report sync failed; the next run retries", e);
        }
    }

    /** Seconds between runs; 0 when off. */
    static long interval(String value) {
        return Settings.wholeOrOff(INTERVAL, value, 60);
    }
}
