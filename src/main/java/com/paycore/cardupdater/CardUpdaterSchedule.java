package com.paycore.cardupdater;

import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import com.paycore.platform.runtime.ScheduledJob;
import com.paycore.platform.runtime.Schedules;

/**
 * The monthly account-updater run over every active company ({@code payments.card-updater.schedule}, see
 * {@link MonthlySchedule}). It runs on every instance ({@link Schedules}): runs at once on several instances are safe,
 * since a token is asked about at most once a month and only under its row lock.
 */
@ApplicationScoped
class CardUpdaterSchedule implements ScheduledJob {

    private static final Logger LOG = Logger.getLogger(CardUpdaterSchedule.class.getName());

    @Inject
    CardUpdaterService updater;

    @Inject
    @ConfigProperty(name = "payments.card-updater.schedule")
    Optional<String> schedule;

    @Override
    public void arm(Schedules schedules) {
        MonthlySchedule.parse(schedule.orElse(null)).ifPresentOrElse(
                at -> schedules.at("card-updater", ZoneOffset.UTC, at::nextRun, this::run),
                () -> LOG.info("Scheduled card account updater is off (payments.card-updater.schedule=off)"));
    }

    /** Outside a transaction: {@link CardUpdaterService} asks about each batch of tokens in its own. */
    void run() {
        List<UpdaterRunView> runs = updater.runScheduled();
        LOG.info(() -> "Card account updater: " + runs.size() + " companies, "
                + runs.stream().mapToInt(UpdaterRunView::checked).sum() + " tokens asked, "
                + runs.stream().mapToInt(r -> r.counts().values().stream().mapToInt(Integer::intValue).sum()
                - r.counts().get("NoChange")).sum() + " updates");
    }
}
