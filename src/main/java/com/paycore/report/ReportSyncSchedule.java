package com.paycore.report;

import java.util.logging.Logger;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import com.paycore.platform.runtime.ScheduledJob;
import com.paycore.platform.runtime.Schedules;

/**
 * The periodic report synchronization, every {@code payments.reports.sync-interval-seconds} (default 60; 0 or
 * {@code off} disables it), after the previous run ended ({@link Schedules}). It runs on every instance: runs take
 * turns on the database's row lock, and a run that finds an on-demand sync of this instance still going is skipped.
 */
@ApplicationScoped
class ReportSyncSchedule implements ScheduledJob {

    private static final Logger LOG = Logger.getLogger(ReportSyncSchedule.class.getName());
    static final String INTERVAL = "payments.reports.sync-interval-seconds";
    static final long DEFAULT_SECONDS = 60;

    @Inject
    ReportSync sync;

    @Override
    public void arm(Schedules schedules) {
        schedules.every("report-sync", INTERVAL, DEFAULT_SECONDS, this::run);
    }

    /** Outside a transaction: {@link ReportSync} runs each batch in its own. */
    void run() {
        sync.runIfIdle().ifPresent(result -> {
            if (result.added() > 0 || result.renamed() > 0) {
                LOG.fine(() -> "Report sync: " + result.added() + " events added, " + result.renamed()
                        + " rows renamed, " + result.tags() + " tags");
            }
        });
    }
}
