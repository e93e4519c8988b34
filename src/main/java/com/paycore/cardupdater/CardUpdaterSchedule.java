package com.paycore.cardupdater;

import java.time.ZoneOffset;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import com.paycore.cardupdater.CardUpdaterResource.RunView;
import com.paycore.platform.runtime.Schedules;
import com.paycore.platform.runtime.Settings;
import com.paycore.platform.runtime.StartupOrder;

/**
 * The monthly account-updater run over every active company ({@code payments.card-updater.schedule}, see
 * {@link MonthlySchedule}). It runs on every instance ({@link Schedules}): runs at once on several instances are safe,
 * since a token is asked about at most once a month and only under its row lock.
 */
@ApplicationScoped
class CardUpdaterSchedule {

    private static final Logger LOG = Logger.getLogger(CardUpdaterSchedule.class.getName());

    @Inject
    Schedules schedules;

    @Inject
    CardUpdaterService updater;

    void schedule(@Observes @Priority(StartupOrder.SCHEDULES) @Initialized(ApplicationScoped.class) Object started) {
        MonthlySchedule.parse(Settings.get("payments.card-updater.schedule")).ifPresentOrElse(
                at -> schedules.at("card-updater", ZoneOffset.UTC, at::nextRun, this::run),
                () -> LOG.info("Scheduled card account updater is off (payments.card-updater.schedule=off)"));
    }

    /** Outside a transaction: {@link CardUpdaterService} asks about each batch of tokens in its own. */
    void run() {
        try {
            List<RunView> runs = updater.runScheduled();
            LOG.info(() -> "Card account updater: " + runs.size() + " companies, "
                    + runs.stream().mapToInt(RunView::checked).sum() + " tokens asked, "
                    + runs.stream().mapToInt(r -> r.counts().values().stream().mapToInt(Integer::intValue).sum()
                    - r.counts().get("NoChange")).sum() + " updates");
        } catch (RuntimeException e) {
            LOG.log(Level.SEVERE, "Card account updater run failed; the next run asks about what this one left", e);
        }
    }
}
