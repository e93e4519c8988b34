package com.paycore.webhook;

import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

import jakarta.annotation.PreDestroy;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import com.paycore.event.Events;
import com.paycore.platform.runtime.Schedules;
import com.paycore.platform.runtime.StartupOrder;

/**
 * The delivery worker every instance runs, a round every {@code payments.webhooks.poll-ms} (a fixed delay between
 * rounds, on the application's {@link Schedules}). A round is one or more passes, while there is work ({@link #round}):
 * the outbox's new events become deliveries (fan-out, in the outbox's dispatch transaction); the outcomes of attempts
 * that have ended are recorded (one transaction for all of them); and the free sending slots are filled with due
 * deliveries and queued manual retries, claimed round-robin by company, then by project
 * ({@link DeliveryLedger#claimDue}). The next pass comes when a slot frees, at the latest one poll interval later. Attempts run on the sender's own threads ({@link WebhookSender}), in
 * parallel: a round never waits for its slowest send, only for a free slot.
 * <p>
 * Fairness between tenants: at most {@code payments.webhooks.max-concurrent-sends} attempts are in flight on an
 * instance, at most {@code payments.webhooks.max-in-flight-per-project} of them for one project and
 * {@code payments.webhooks.max-in-flight-per-company} for one company (all its projects together), and a company's
 * first due delivery is claimed before any company's second (within a company, a project's before any project's
 * second). So a project, or a company of many projects, whose endpoints never answer holds a few slots for the
 * timeout and no more, and another company's delivery is claimed in the next round that has a free slot, however
 * long the first one's backlog. Instances share the work through the database's row locks, so none
 * sends an attempt another is making (each instance applies the caps to its own attempts). Nothing here runs in a
 * request: an event never waits for its webhooks. Every failure of a round is logged and the next round runs as usual.
 */
@ApplicationScoped
class DeliveryWorker {

    private static final Logger LOG = Logger.getLogger(DeliveryWorker.class.getName());
    /** Events fanned out per dispatch transaction. */
    static final int BATCH = 50;
    /** Dispatch transactions per pass at most, so a backlog of events does not starve the deliveries. */
    static final int DISPATCHES_PER_TICK = 20;
    /** How long a claim holds a delivery: well beyond an attempt's timeout (10 s), so only a crash lets it go. */
    static final Duration LEASE = Duration.ofSeconds(60);
    /** The database may not be migrated yet in the first moments of a start: failures then are not worth a warning. */
    static final Duration QUIET_START = Duration.ofMinutes(2);
    /** The least time between two passes of a round: slots freed in a burst are filled by one claim, not one each. */
    static final long GATHER_MS = 20;
    /** A round lasts at most this many poll intervals, then the schedule's delay; passes within it are closer. */
    static final int ROUND_POLLS = 10;

    /** An attempt that has ended, waiting to be recorded by the worker's thread (a container thread). */
    record Finished(DeliveryLedger.LeasedDelivery claim, Outcome outcome) {
    }

    @Inject
    Schedules schedules;

    @Inject
    Events events;

    @Inject
    FanOut fanOut;

    @Inject
    DeliveryLedger ledger;

    @Inject
    WebhookSender sender;

    @Inject
    WebhookSettings settings;

    @Inject
    Clock clock;

    private long startedAt;
    private volatile boolean succeededOnce;
    private final Queue<Finished> finished = new ConcurrentLinkedQueue<>();
    /** Attempts in flight on this instance, by project and by company (guarded by this). */
    private final Map<UUID, Integer> inFlight = new HashMap<>();
    private final Map<UUID, Integer> inFlightByCompany = new HashMap<>();
    private int inFlightTotal;
    private long releases;
    private volatile boolean stopping;

    /** Rounds one after the other with the poll interval between them ({@link Schedules}: cancelled at stop). */
    void start(@Observes @Priority(StartupOrder.SCHEDULES) @Initialized(ApplicationScoped.class) Object started) {
        startedAt = System.nanoTime();
        schedules.withFixedDelay("webhook-delivery", Duration.ofMillis(settings.pollMillis()), this::tick);
        LOG.info("Webhook delivery worker started (every " + settings.pollMillis() + " ms, at most "
                + settings.maxConcurrentSends() + " attempts in flight, " + settings.maxInFlightPerProject()
                + " per project, " + settings.maxInFlightPerCompany() + " per company"
                + (settings.allowPrivateTargets() ? "; private targets allowed" : "") + ")");
    }

    /** One round; never throws. */
    void tick() {
        try {
            round();
            succeededOnce = true;
        } catch (Throwable e) {
            boolean quiet = !succeededOnce && System.nanoTime() - startedAt < QUIET_START.toNanos();
            LOG.log(quiet ? Level.FINE : Level.WARNING, "Webhook delivery round failed; the next round retries", e);
        }
    }

    /**
     * Passes while there is work: each pass fans out, records and claims; after a pass that claimed something (or
     * found every slot taken) the next follows as soon as a slot frees, and at the latest one poll interval later, so
     * new events are fanned out and claimed at least every poll interval even while every attempt in flight hangs.
     * A pass that finds free slots and nothing to claim ends the round, as does {@link #ROUND_POLLS} poll intervals.
     */
    private void round() throws InterruptedException {
        long poll = TimeUnit.MILLISECONDS.toNanos(settings.pollMillis());
        long end = System.nanoTime() + ROUND_POLLS * poll;
        try {
            while (!stopping) {
                long pass = System.nanoTime();
                fanOutNewEvents();
                recordFinished();
                int free;
                DeliveryLedger.InFlight busy;
                synchronized (this) {
                    free = settings.maxConcurrentSends() - inFlightTotal;
                    busy = new DeliveryLedger.InFlight(new HashMap<>(inFlight), new HashMap<>(inFlightByCompany));
                }
                int claimed = free > 0 ? start(ledger.claimDue(free, new DeliveryLedger.Caps(
                        settings.maxInFlightPerProject(), settings.maxInFlightPerCompany()), busy, now(), LEASE)) : 0;
                if ((free > 0 && claimed == 0) || System.nanoTime() >= end) {
                    return;
                }
                awaitRelease(pass, Math.min(end, pass + poll));
            }
        } finally {
            recordFinished();
        }
    }

    @PreDestroy
    void stop() {
        stopping = true;
        synchronized (this) {
            notifyAll();
        }
    }

    private void fanOutNewEvents() {
        for (int i = 0; i < DISPATCHES_PER_TICK; i++) {
            int claimed = events.dispatch(BATCH, batch -> fanOut.fanOut(batch, now()));
            if (claimed < BATCH) {
                return;
            }
        }
    }

    /**
     * Sends the claims on the sender's threads; each holds a slot of its project and of its company until its attempt
     * has ended.
     */
    private int start(List<DeliveryLedger.LeasedDelivery> claims) {
        for (DeliveryLedger.LeasedDelivery claim : claims) {
            synchronized (this) {
                inFlight.merge(claim.projectId(), 1, Integer::sum);
                inFlightByCompany.merge(claim.companyId(), 1, Integer::sum);
                inFlightTotal++;
            }
            Runnable released = () -> release(claim.projectId(), claim.companyId());
            if (claim.body() == null) {
                finished.add(new Finished(claim, new Outcome(now(), null, "the event is no longer kept", 0)));
                released.run();
            } else {
                sender.send(claim.target(), released).thenAccept(outcome -> finished.add(new Finished(claim, outcome)));
            }
        }
        return claims.size();
    }

    private synchronized void release(UUID project, UUID company) {
        if (inFlight.merge(project, -1, Integer::sum) <= 0) {
            inFlight.remove(project);
        }
        if (inFlightByCompany.merge(company, -1, Integer::sum) <= 0) {
            inFlightByCompany.remove(company);
        }
        inFlightTotal--;
        releases++;
        notifyAll();
    }

    /** Until a slot frees or {@code until}; never sooner than {@link #GATHER_MS} after the pass began. */
    private void awaitRelease(long pass, long until) throws InterruptedException {
        synchronized (this) {
            long seen = releases;
            while (releases == seen && !stopping) {
                long left = TimeUnit.NANOSECONDS.toMillis(until - System.nanoTime());
                if (left <= 0) {
                    return;
                }
                wait(left);
            }
        }
        long gather = GATHER_MS - TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - pass);
        if (gather > 0) {
            Thread.sleep(gather);
        }
    }

    /**
     * Records the attempts that have ended, here on the worker's thread, in one transaction: the sender's threads are
     * not the container's and run no transaction.
     */
    private void recordFinished() {
        List<DeliveryLedger.LeasedDelivery> claims = new ArrayList<>();
        List<Outcome> outcomes = new ArrayList<>();
        for (Finished f = finished.poll(); f != null; f = finished.poll()) {
            claims.add(f.claim());
            outcomes.add(f.outcome());
        }
        if (claims.isEmpty()) {
            return;
        }
        try {
            ledger.record(claims, outcomes);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Cannot record the webhook attempts of " + claims.size() + " deliveries ("
                    + claims.get(0) + ", ...); they are made again after the lease", e);
        }
    }

    private OffsetDateTime now() {
        return OffsetDateTime.now(clock);
    }
}
