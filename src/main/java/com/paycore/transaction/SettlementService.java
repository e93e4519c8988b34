package com.paycore.transaction;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

import com.paycore.access.Caller;
import com.paycore.platform.input.Times;
import com.paycore.processor.Connections;
import com.paycore.processor.PaymentGateway;
import com.paycore.run.Runs;

/**
 * Settlement: captures made up to a cut-off move to Settled (a {@code Settle} event) and approved refunds up to it
 * are settled ({@code RefundSettle} events). Transactions are settled in batches, each batch its own database
 * transaction, each transaction under its row lock with its state read again after locking: runs on several
 * instances at once settle every transaction exactly once.
 */
@ApplicationScoped
public class SettlementService {

    static final int BATCH = 100;
    static final String KIND = "Settlement";

    @PersistenceContext(unitName = "payments")
    EntityManager em;

    @Inject
    SettlementService self;

    @Inject
    Caller caller;

    @Inject
    Connections connections;

    @Inject
    Event<DisputeOpened> disputes;

    @Inject
    Moves moves;

    @Inject
    Clock clock;

    @Inject
    Runs runs;

    /** What one run settled. */
    public record Result(OffsetDateTime cutoff, int settled, int refundsSettled) {
        Result plus(Result batch) {
            return new Result(cutoff, settled + batch.settled, refundsSettled + batch.refundsSettled);
        }
    }

    /**
     * A run asked for over HTTP (platform administrators): everything until now, as a long run (202 at once, see
     * {@link Runs}); its outcome is the cut-off and the counts.
     */
    Response runNow(UriInfo uri) {
        caller.requirePlatformAdmin();
        OffsetDateTime cutoff = now();
        return runs.start(KIND, null, uri, progress -> run(cutoff, progress));
    }

    /**
     * As {@link #runNow}, for the console: the same check (platform administrators), the same run; answers the run
     * started, or the settlement run still running.
     */
    public Runs.Begun begin() {
        caller.requirePlatformAdmin();
        OffsetDateTime cutoff = now();
        return runs.begin(KIND, null, progress -> run(cutoff, progress));
    }

    /** Settles everything captured or refunded at or before the cut-off. */
    @Transactional(Transactional.TxType.NOT_SUPPORTED)
    public Result run(OffsetDateTime cutoff) {
        return run(cutoff, Runs.Progress.UNTRACKED);
    }

    /** As {@link #run(OffsetDateTime)}, reporting the transactions to look at and each batch done. */
    Result run(OffsetDateTime cutoff, Runs.Progress progress) {
        Set<UUID> candidates = new LinkedHashSet<>(em.createQuery(CardTransactionRows.AWAITING_SETTLEMENT, UUID.class)
                .setParameter("cutoff", cutoff).getResultList());
        candidates.addAll(em.createQuery(TransactionEventRows.AWAITING_SETTLEMENT, UUID.class)
                .setParameter("cutoff", cutoff).getResultList());
        List<UUID> ids = List.copyOf(candidates);
        progress.total(ids.size());
        Result total = new Result(cutoff, 0, 0);
        for (int from = 0; from < ids.size(); from += BATCH) {
            List<UUID> batch = ids.subList(from, Math.min(ids.size(), from + BATCH));
            total = total.plus(self.settle(batch, cutoff));
            progress.done(batch.size());
        }
        return total;
    }

    /** One batch, in its own database transaction. */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public Result settle(List<UUID> ids, OffsetDateTime cutoff) {
        int settled = 0;
        int refunds = 0;
        // Transactions of one processor, settings and credential version share their connection: read it once per batch.
        Map<String, Connections.Route> routes = new HashMap<>();
        for (UUID id : ids) {
            CardTransaction transaction = em.find(CardTransaction.class, id, LockModeType.PESSIMISTIC_WRITE);
            if (transaction == null) {
                continue;
            }
            OffsetDateTime now = Times.utc(clock.instant());
            if (transaction.awaitsSettlement(cutoff)) {
                Connections.Route route = routes.computeIfAbsent(transaction.processorId() + ":"
                                + transaction.settingsVersion() + ":" + transaction.credentialVersion(),
                        key -> TransactionService.pinnedRoute(connections, transaction));
                PaymentGateway.Settlement settlement = route.gateway().settle(new PaymentGateway.GatewayCall(
                        transaction.processorReference(), transaction.currency(), route.connection()),
                        transaction.capturedAmount());
                moves.record(transaction, transaction.settled(EventResult.of(settlement.result()), settlement.result().resultCode(), now));
                if (settlement.result().approved()) {
                    settled++;
                }
                if (settlement.disputeOpened()) {
                    disputes.fire(new DisputeOpened(id, transaction.projectId(), transaction.companyId(),
                            transaction.capturedAmount(), transaction.currency(), now));
                }
            }
            List<TransactionEvent> pending = em.createQuery(TransactionEventRows.AWAITING_SETTLEMENT_OF_TRANSACTION,
                            TransactionEvent.class)
                    .setParameter("id", id).setParameter("cutoff", cutoff).getResultList();
            for (TransactionEvent refund : pending) {
                BigDecimal amount = refund.amount();
                refund.settled();
                moves.record(transaction, transaction.refundSettled(amount, null, now));
                refunds++;
            }
        }
        return new Result(cutoff, settled, refunds);
    }

    public OffsetDateTime now() {
        return Times.utc(clock.instant());
    }
}
