package com.paycore.transaction;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import com.paycore.access.Caller;
import com.paycore.audit.AuditLog;
import com.paycore.platform.data.Jdbc;
import com.paycore.platform.input.Times;
import com.paycore.platform.runtime.Settings;
import com.paycore.processor.CardData;
import com.paycore.processor.Connections;
import com.paycore.processor.PaymentGateway.GatewayCall;
import com.paycore.processor.PaymentGateway.GatewayResult;
import com.paycore.vault.PaymentTokenService;

/**
 * The reconciliation of unknown outcomes (DESIGN.md section 11): every move whose processor call timed out (a
 * {@code Pending} event) is asked about by its processor reference; the answer becomes the event's result and code,
 * the transaction changes as the move would have changed it, and the usual event goes to the outbox. Each item is
 * claimed in its own database transaction with {@code FOR UPDATE SKIP LOCKED}, so runs on several instances at once
 * (the job runs on every instance) handle each item once. An item without an answer after
 * {@code payments.reconciliation.give-up-hours} (default 24) becomes {@code Error}, with an audit row.
 */
@ApplicationScoped
class Reconciliation {

    private static final Logger LOG = Logger.getLogger(Reconciliation.class.getName());
    static final String GIVE_UP_SETTING = "payments.reconciliation.give-up-hours";
    /** The result code of an item given up on: ISO 8583's "response received too late". */
    static final String GAVE_UP_CODE = "68";
    private static final int MAX_ITEMS_PER_RUN = 1000;

    @PersistenceContext(unitName = "payments")
    EntityManager em;

    @Inject
    Jdbc jdbc; // the transaction's connection

    @Inject
    Reconciliation self;

    @Inject
    Caller caller;

    @Inject
    Connections connections;

    @Inject
    Moves moves;

    @Inject
    PaymentTokenService tokens;

    @Inject
    AuditLog audit;

    @Inject
    Clock clock;

    @Inject
    @ConfigProperty(name = GIVE_UP_SETTING)
    Optional<String> giveUpSetting;

    private Duration giveUpAfter;

    @PostConstruct
    void readGiveUp() {
        long hours = Settings.wholeOrOff(GIVE_UP_SETTING, giveUpSetting.orElse(null), 24);
        giveUpAfter = Duration.ofHours(Math.max(1, hours));
    }

    /** What one run did (its answer). */
    public record Result(@Schema(description = "Items whose outcome was applied") int resolved,
                         @Schema(description = "Items the processor has no answer for yet") int stillPending,
                         @Schema(description = "Items that became Error after the give-up time") int gaveUp) {
    }

    /** What one item came to. */
    public enum Outcome { RESOLVED, STILL_PENDING, GAVE_UP, TAKEN }

    /** A run asked for over HTTP (platform administrators). */
    @Transactional(Transactional.TxType.NOT_SUPPORTED)
    public Result runNow() {
        caller.requirePlatformAdmin();
        return run();
    }

    /** Every item pending now, oldest first, each in its own database transaction. */
    @Transactional(Transactional.TxType.NOT_SUPPORTED)
    public Result run() {
        List<UUID> pending = em.createQuery(TransactionEventRows.PENDING, UUID.class)
                .setParameter("pending", EventResult.Pending.name()).setMaxResults(MAX_ITEMS_PER_RUN).getResultList();
        int resolved = 0;
        int still = 0;
        int gaveUp = 0;
        for (UUID id : pending) {
            try {
                switch (self.reconcile(id)) {
                    case RESOLVED -> resolved++;
                    case STILL_PENDING -> still++;
                    case GAVE_UP -> gaveUp++;
                    case TAKEN -> { }
                }
            } catch (RuntimeException e) {
                still++;
                LOG.log(Level.WARNING, "Reconciliation of event " + id + " failed; the next run tries again", e);
            }
        }
        return new Result(resolved, still, gaveUp);
    }

    /**
     * One item: claimed unless another run holds it or it is no longer pending (TAKEN), then asked about and applied.
     * The processor is asked while the item is held, so no other run asks at the same time.
     */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public Outcome reconcile(UUID eventId) {
        if (jdbc.first(TransactionEventRows.CLAIM_PENDING, row -> true, eventId).isEmpty()) {
            return Outcome.TAKEN;
        }
        TransactionEvent event = em.find(TransactionEvent.class, eventId);
        CardTransaction transaction = em.find(CardTransaction.class, event.transactionId(), LockModeType.PESSIMISTIC_WRITE);
        Connections.Route route = TransactionService.pinnedRoute(connections, transaction);
        String reference = event.processorReference() != null ? event.processorReference() : transaction.processorReference();
        CardData card = EventType.Refund.name().equals(event.eventType()) && route.gateway().refundsNeedCard()
                ? tokens.cardOf(transaction.projectId(), transaction.paymentTokenId()).orElse(null) : null;
        GatewayResult answer = route.gateway().queryOutcome(new GatewayCall(reference, transaction.currency(),
                route.connection(), card));
        OffsetDateTime now = Times.utc(clock.instant());
        if (answer.pending()) {
            if (answer.reference() != null && !answer.reference().equals(reference)) {
                // What the next question goes by (gateway 2: the STAN of the reversal its 0401 repeats).
                event.awaits(answer.reference());
            }
            if (event.occurredAt().plus(giveUpAfter).isAfter(now)) {
                return Outcome.STILL_PENDING;
            }
            apply(transaction, event, EventResult.Error, GAVE_UP_CODE, null, now);
            audit.record("ReconciliationGaveUp", transaction.companyId(), "Transaction", transaction.id(),
                    event.eventType() + " event " + event.id() + " had no outcome after " + giveUpAfter.toHours()
                            + " h; recorded as Error");
            return Outcome.GAVE_UP;
        }
        apply(transaction, event, EventResult.of(answer), answer.resultCode(), answer.reference(), now);
        return Outcome.RESOLVED;
    }

    /**
     * The final result: the event takes it, the transaction moves, the event goes to the outbox, and the event is
     * marked recorded now so the report's next sync (which leaves Pending events out) copies it.
     */
    private void apply(CardTransaction transaction, TransactionEvent event, EventResult result, String code,
                       String reference, OffsetDateTime now) {
        transaction.resolve(event, result, code, reference, now);
        em.flush();
        jdbc.update(TransactionEventRows.RECORDED_NOW, event.id());
        moves.resolved(transaction, event, now);
    }
}
