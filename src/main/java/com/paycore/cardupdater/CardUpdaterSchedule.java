package com.paycore.cardupdater;

import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.ScheduleExpression;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.Timeout;
import jakarta.ejb.TimerConfig;
import jakarta.ejb.TimerService;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;

import com.paycore.cardupdater.CardUpdaterResource.RunView;
import com.paycore.platform.Settings;

/**
 * The monthly account-updater run over every active company ({@code payments.card-updater.schedule}, see
 * {@link MonthlySchedule}). A non-persistent timer on every instance: runs at once on several instances are safe,
 * since a token is asked about at most once a month and only under its row lock.
 */
@Singleton
@Startup
public class CardUpdaterSchedule {

    private static final Logger LOG = Logger.getLogger(CardUpdaterSchedule.class.getName());

    @Resource
    TimerService timers;

    @Inject
    CardUpdaterService updater;

    @PostConstruct
    void schedule() {
        MonthlySchedule.parse(Settings.get("payments.card-updater.schedule")).ifPresentOrElse(
                at -> timers.createCalendarTimer(new ScheduleExpression().dayOfMonth(at.dayOfMonth())
                        .hour(at.time().getHour()).minute(at.time().getMinute()).second(0).timezone("UTC"),
                        new TimerConfig("card-updater", false)),
                () -> LOG.info("Scheduled card account updater is off (payments.card-updater.schedule=off)"));
    }

    @Timeout
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
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
