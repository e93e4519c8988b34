package com.paycore.webhook;

import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.logging.Level;
import java.util.logging.Logger;

import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import com.paycore.event.Events;
import com.paycore.platform.Schedules;
import com.paycore.platform.StartupOrder;

/**
 * The delivery worker every instance runs, every {@code payments.webhooks.poll-ms} (a fixed delay between rounds, on
 * the application's {@link Schedules}): first the outbox's new events become deliveries (fan-out, in the outbox's
 * dispatch transaction), then due deliveries are claimed (a short transaction of their own), sent at once, all in
 * parallel and outside any transaction, and their outcomes recorded (one transaction per batch); while a batch comes
 * back full, the next follows at once (up to {@link #SENDS_PER_TICK}), so a busy project's deliveries keep up. Instances share the work
 * through the database's row locks, so none sends an attempt another is making. Nothing here runs in a request: an
 * event never waits for its webhooks. Every failure of a tick is logged and the next tick runs as usual.
 */
@ApplicationScoped
class DeliveryWorker {

    private static final Logger LOG = Logger.getLogger(DeliveryWorker.class.getName());
    /** Events fanned out per dispatch transaction, and deliveries claimed and sent together. */
    static final int BATCH = 50;
    /** Dispatch transactions per tick at most, so a backlog of events does not starve the deliveries. */
    static final int DISPATCHES_PER_TICK = 20;
    /** Batches of deliveries sent per tick at most, so a backlog of deliveries does not starve the fan-out. */
    static final int SENDS_PER_TICK = 20;
    /** How long a claim holds a delivery: well beyond an attempt's timeout (10 s), so only a crash lets it go. */
    static final Duration LEASE = Duration.ofSeconds(60);
    /** The database may not be migrated yet in the first moments of a start: failures then are not worth a warning. */
    static final Duration QUIET_START = Duration.ofMinutes(2);

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

    /** Rounds one after the other with the poll interval between them ({@link Schedules}: cancelled at stop). */
    void start(@Observes @Priority(StartupOrder.SCHEDULES) @Initialized(ApplicationScoped.class) Object started) {
        startedAt = System.nanoTime();
        schedules.withFixedDelay("webhook-delivery", Duration.ofMillis(settings.pollMillis()), this::tick);
        LOG.info("Webhook delivery worker started (every " + settings.pollMillis() + " ms"
                + (settings.allowPrivateTargets() ? "; private targets allowed" : "") + ")");
    }

    /** One round; never throws. */
    void tick() {
        try {
            fanOutNewEvents();
            deliverDue();
            succeededOnce = true;
        } catch (Throwable e) {
            boolean quiet = !succeededOnce && System.nanoTime() - startedAt < QUIET_START.toNanos();
            LOG.log(quiet ? Level.FINE : Level.WARNING, "Webhook delivery round failed; the next round retries", e);
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
     * Claims due deliveries, sends them all at once, waits for every outcome (each within the timeout), then records
     * them here on the worker's thread, in one transaction: the HTTP client's own threads are not the container's and
     * run no transaction. Again while the claims fill a whole batch, up to {@link #SENDS_PER_TICK} batches.
     */
    private void deliverDue() {
        for (int batch = 0; batch < SENDS_PER_TICK; batch++) {
            List<DeliveryLedger.Claim> claims = ledger.claimDue(BATCH, now(), LEASE);
            if (claims.isEmpty()) {
                return;
            }
            List<CompletableFuture<Outcome>> sent = new ArrayList<>(claims.size());
            for (DeliveryLedger.Claim claim : claims) {
                sent.add(claim.body() == null
                        ? CompletableFuture.completedFuture(new Outcome(now(), null, "the event is no longer kept", 0))
                        : sender.send(claim.target()));
            }
            List<Outcome> outcomes = sent.stream().map(CompletableFuture::join).toList();
            try {
                ledger.record(claims, outcomes);
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "Cannot record the webhook attempts of " + claims.size() + " deliveries ("
                        + claims.get(0) + ", ...); they are made again after the lease", e);
            }
            if (claims.size() < BATCH) {
                return;
            }
        }
    }

    private OffsetDateTime now() {
        return OffsetDateTime.now(clock);
    }
}
