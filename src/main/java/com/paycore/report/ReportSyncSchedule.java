package com.paycore.report;

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
 * The periodic report synchronization, every {@code payments.reports.sync-interval-seconds} (default 60; 0 or
 * {@code off} disables it), after the previous run ended ({@link Schedules}). It runs on every instance: runs take
 * turns on the database's row lock, and a run that finds an on-demand sync of this instance still going is skipped.
 */
@ApplicationScoped
class ReportSyncSchedule {

    private static final Logger LOG = Logger.getLogger(ReportSyncSchedule.class.getName());
    static final String INTERVAL = "payments.reports.sync-interval-seconds";

    @Inject
    Schedules schedules;

    @Inject
    ReportSync sync;

    void schedule(@Observes @Priority(StartupOrder.SCHEDULES) @Initialized(ApplicationScoped.class) Object started) {
        long seconds = interval(Settings.get(INTERVAL));
        if (seconds == 0) {
            LOG.info("Periodic report synchronization is off (" + INTERVAL + ")");
            return;
        }
        schedules.withFixedDelay("report-sync", Duration.ofSeconds(seconds), this::run);
    }

    /** Outside a transaction: {@link ReportSync} runs each batch in its own. */
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
