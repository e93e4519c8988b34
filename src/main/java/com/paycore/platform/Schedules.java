package com.paycore.platform;

import java.time.Clock;
import java.time.Duration;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import java.util.logging.Level;
import java.util.logging.Logger;

import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * The periodic jobs, on the server's default {@link ManagedScheduledExecutorService} (the application's class loader
 * and naming context on a container thread; no transaction, no request context: each job's service demarcates its own
 * transactions). Every instance runs its own schedules, as the non-persistent EJB timers did. One job never overlaps
 * itself on one instance: the next run is planned only when the previous one has ended. A failing run is logged with
 * the job's name and does not stop later runs (a periodic executor task that throws is never run again, so nothing
 * escapes a run). Everything still planned is cancelled when the application stops.
 */
@ApplicationScoped
public class Schedules {

    private static final Logger LOG = Logger.getLogger(Schedules.class.getName());

    @Resource(lookup = "java:comp/DefaultManagedScheduledExecutorService")
    ManagedScheduledExecutorService executor;

    private final List<Future<?>> planned = new CopyOnWriteArrayList<>();
    private volatile boolean stopped;

    /** Runs {@code job} {@code delay} after the start, then {@code delay} after each run has ended. */
    public void withFixedDelay(String name, Duration delay, Runnable job) {
        keep(executor.scheduleWithFixedDelay(() -> guarded(name, job), delay.toMillis(), delay.toMillis(),
                TimeUnit.MILLISECONDS));
    }

    /**
     * Runs {@code job} at each time {@code next} answers in {@code zone}: {@code next} is given the moment after which
     * the next run is due (the end of the previous run, or the planned time when the run ended early) and answers a
     * later one.
     */
    public void at(String name, ZoneId zone, UnaryOperator<ZonedDateTime> next, Runnable job) {
        plan(name, next, job, next.apply(ZonedDateTime.now(Clock.system(zone))));
    }

    private void plan(String name, UnaryOperator<ZonedDateTime> next, Runnable job, ZonedDateTime when) {
        if (stopped) {
            return;
        }
        long delay = Math.max(0, Duration.between(ZonedDateTime.now(when.getZone()), when).toMillis());
        keep(executor.schedule(() -> {
            try {
                guarded(name, job);
            } finally {
                planned.removeIf(Future::isDone);
                ZonedDateTime now = ZonedDateTime.now(when.getZone());
                plan(name, next, job, next.apply(now.isAfter(when) ? now : when));
            }
        }, delay, TimeUnit.MILLISECONDS));
        LOG.fine(() -> "Next " + name + " run at " + when);
    }

    /** Keeps a planned run for the cancellation at stop; one planned while stopping is cancelled at once. */
    private void keep(Future<?> future) {
        planned.add(future);
        if (stopped) {
            future.cancel(false);
        }
    }

    private static void guarded(String name, Runnable job) {
        try {
            job.run();
        } catch (RuntimeException | Error e) {
            LOG.log(Level.SEVERE, "Scheduled job " + name + " failed; its next run retries", e);
        }
    }

    @PreDestroy
    void stop() {
        stopped = true;
        planned.forEach(future -> future.cancel(false));
        planned.clear();
    }
}
