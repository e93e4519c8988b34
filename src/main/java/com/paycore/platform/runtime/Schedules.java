package com.paycore.platform.runtime;

import java.time.Duration;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.function.UnaryOperator;
import java.util.logging.Level;
import java.util.logging.Logger;

import jakarta.annotation.PreDestroy;
import jakarta.annotation.Priority;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;

import org.eclipse.microprofile.config.Config;

/**
 * The periodic jobs, on the server's default {@link ManagedScheduledExecutorService} (the application's class loader
 * and naming context on a container thread; no transaction, no request context: each job's service demarcates its own
 * transactions). Every instance runs its own schedules, as the non-persistent EJB timers did. One job never overlaps
 * itself on one instance: the next run is planned only when the previous one has ended. A failing run is logged with
 * the job's name, counted as a failure ({@link ScheduleMetrics}) and does not stop later runs, so a job need not catch.
 * The features' jobs ({@link ScheduledJob}) are armed at startup; everything still planned is cancelled when the
 * application stops.
 * <p>
 * Every run is a task of its own, planned at the end of the previous one; none is a periodic executor task. Payara
 * runs all runs of a periodic task in the one component invocation it captured when the task was scheduled: the
 * non-transactional {@code EntityManager} the first run opens is closed at the end of that run and handed to every
 * later run, which then fails ("Attempting to execute an operation on a closed EntityManager", seen with the
 * chargeback auto-acceptance, whose first query runs outside a transaction). A task planned anew starts with a fresh
 * one. (And a periodic task that throws is never run again, silently.)
 */
@ApplicationScoped
public class Schedules {

    private static final Logger LOG = Logger.getLogger(Schedules.class.getName());

    @Resource(lookup = "java:comp/DefaultManagedScheduledExecutorService")
    ManagedScheduledExecutorService executor;

    @Inject
    ScheduleMetrics metrics;

    @Inject
    Config config;

    @Inject
    Instance<ScheduledJob> jobs;

    private final List<Future<?>> planned = new CopyOnWriteArrayList<>();
    private volatile boolean stopped;

    void armJobs(@Observes @Priority(StartupOrder.SCHEDULES) @Initialized(ApplicationScoped.class) Object started) {
        jobs.forEach(job -> job.arm(this));
    }

    /**
     * The shape of most jobs: runs {@code job} every {@code setting} seconds ({@code defaultSeconds} when unset),
     * counted from the end of the previous run. 0 or {@code off} turns the job off (logged); any other value that is
     * not a whole number of 0 or more throws, naming the setting, which stops the deployment when called at startup.
     */
    public void every(String name, String setting, long defaultSeconds, Runnable job) {
        long seconds = seconds(setting, Settings.value(config, setting), defaultSeconds);
        if (seconds == 0) {
            LOG.info(() -> "Scheduled job " + name + " is off (" + setting + ")");
            return;
        }
        withFixedDelay(name, Duration.ofSeconds(seconds), job);
    }

    /** The seconds between runs {@code value} of {@code setting} gives: {@code fallback} when unset, 0 when off. */
    public static long seconds(String setting, String value, long fallback) {
        return Settings.wholeOrOff(setting, value, fallback);
    }

    /** Runs {@code job} {@code delay} after the start, then {@code delay} after each run has ended. */
    public void withFixedDelay(String name, Duration delay, Runnable job) {
        chain(name, job, delay::toMillis);
    }

    /**
     * Runs {@code job} at each time {@code next} answers in {@code zone}: {@code next} is given the moment after which
     * the next run is due (the end of the previous run, or its planned time when the run ended before it) and answers
     * a later one.
     */
    public void at(String name, ZoneId zone, UnaryOperator<ZonedDateTime> next, Runnable job) {
        ZonedDateTime[] due = new ZonedDateTime[1]; // read and written by one run after the other
        chain(name, job, () -> {
            ZonedDateTime now = ZonedDateTime.now(zone);
            due[0] = next.apply(due[0] != null && due[0].isAfter(now) ? due[0] : now);
            LOG.fine(() -> "Next " + name + " run at " + due[0]);
            return Math.max(0, Duration.between(now, due[0]).toMillis());
        });
    }

    /** Plans one run of {@code job} after {@code delay} milliseconds; at its end, the next one the same way. */
    private void chain(String name, Runnable job, LongSupplier delay) {
        if (stopped) {
            return;
        }
        keep(executor.schedule(() -> {
            try {
                guarded(name, job);
            } finally {
                planned.removeIf(Future::isDone);
                chain(name, job, delay);
            }
        }, delay.getAsLong(), TimeUnit.MILLISECONDS));
    }

    /** Keeps a planned run for the cancellation at stop; one planned while stopping is cancelled at once. */
    private void keep(Future<?> future) {
        planned.add(future);
        if (stopped) {
            future.cancel(false);
        }
    }

    private void guarded(String name, Runnable job) {
        try {
            job.run();
            metrics.ran(name, true);
        } catch (RuntimeException | Error e) {
            metrics.ran(name, false);
            LOG.log(Level.SEVERE, "Scheduled job " + name + " failed; its next run retries", e);
        }
    }

    @PreDestroy
    public void stop() {
        stopped = true;
        planned.forEach(future -> future.cancel(false));
        planned.clear();
    }
}
