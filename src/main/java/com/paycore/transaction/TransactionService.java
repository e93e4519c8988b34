package com.paycore.transaction;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;

import com.paycore.access.ProjectAccess;
import com.paycore.access.ProjectCaller;
import com.paycore.audit.AuditLog;
import com.paycore.event.Events;
import com.paycore.platform.data.Jdbc;
import com.paycore.platform.data.Page;
import com.paycore.platform.data.Where;
import com.paycore.platform.input.Ids;
import com.paycore.platform.input.Times;
import com.paycore.platform.web.AppException;
import com.paycore.platform.web.ErrorCode;
import com.paycore.processor.Connections;
import com.paycore.processor.OpenTransactions;
import com.paycore.processor.PaymentGateway.GatewayCall;
import com.paycore.processor.PaymentGateway.GatewayResult;
import com.paycore.processor.PaymentGateway;
import com.paycore.vault.PaymentTokenService;
import com.paycore.vault.StoredCard;

/**
 * Payment operations (DESIGN.md sections 5, 7 and 9): authorize or sale, capture, refund, reverse, and E16. Each
 * request is one database transaction: the state change and its event commit together or not at all. Moves on an
 * existing transaction lock its row first, so concurrent moves (from any number of instances) run one after another
 * and each sees the state the previous one left.
 */
@ApplicationScoped
@Transactional
public class TransactionService implements OpenTransactions {

    @PersistenceContext(unitName = "payments")
    EntityManager em;

    @Inject
    ProjectAccess access;

    @Inject
    PaymentTokenService tokens;

    @Inject
    Connections connections;

    @Inject
    StandingChargebacks chargebacks;

    @Inject
    TransactionReads reads;

    @Inject
    Jdbc jdbc;

    @Inject
    Moves moves;

    @Inject
    Events outbox;

    @Inject
    AuditLog audit;

    @Inject
    Clock clock;

    /** The names of the event types, in their declaration order: the report's vocabulary of its event rows. */
    public static List<String> eventTypes() {
        return Arrays.stream(EventType.values()).map(Enum::name).toList();
    }

    /** The names of the event results, in their declaration order. */
    public static List<String> eventResults() {
        return Arrays.stream(EventResult.values()).map(Enum::name).toList();
    }

    /** A move's outcome: the transaction after it, and the event it recorded. */
    public record Moved(TransactionView transaction, TransactionView.EventView event) {
    }

    /**
     * Authorize, or sale when {@code capture} is true. Refused with 400, nothing recorded: inactive project or company,
     * no active processor, invalid amount or currency, unknown token. The processor's decline or error is recorded
     * (status Declined or Error) and is not a refusal. A processor that does not answer in time leaves the
     * transaction Pending (DESIGN.md section 11; a sale is then not captured: the merchant captures once it is known).
     */
    @Transactional(Transactional.TxType.SUPPORTS)
    public Moved authorize(ProjectCaller.Transacting project, TransactionRequest request) {
        Connections.Route route = connections.connectionFor(project);
        String currency = MoneyRules.currency(request.currency);
        BigDecimal amount = MoneyRules.amount(request.amount, currency);
        String tags = Tags.write(request.tags);
        StoredCard card = tokens.forPayment(project.projectId(), request.paymentToken);
        int version = project.credentialVersion();
        var connection = route.connection();
        PaymentGateway gateway = route.gateway();

        CardTransaction transaction = new CardTransaction(Ids.newId(), project.projectId(), project.companyId(),
                route.processorId(), gateway.gateway(), route.settingsVersion(), version, card, amount, currency, request,
                tags);
        boolean capture = Boolean.TRUE.equals(request.capture);
        GatewayResult sale = capture ? gateway.sale(card.card(), amount, currency, connection) : null;
        GatewayResult authorization = sale != null ? sale : gateway.authorize(card.card(), amount, currency, connection);
        List<TransactionEvent> events = new ArrayList<>();
        // The transaction and its events commit together with their outbox events (DESIGN.md section 10), in one
        // round trip on PostgreSQL (Jdbc.insert), with no JTA transaction or unit of work around them: the hot path's
        // largest cost (docs/PERFORMANCE.md).
        List<String> statements = new ArrayList<>();
        List<Object[]> rows = new ArrayList<>();
        move(transaction, events, transaction.authorized(EventResult.of(authorization), authorization.resultCode(),
                authorization.reference(), now()), statements, rows);
        if (authorization.approved() && capture) {
            // A processor's sale answered authorization and capture in one; otherwise the capture follows.
            GatewayResult captured = sale != null ? sale
                    : gateway.capture(new GatewayCall(authorization.reference(), currency, connection), amount);
            if (captured.approved()) {
                transaction.keepReference(captured.reference());
            }
            move(transaction, events, transaction.captured(EventResult.of(captured), captured.resultCode(), amount, now()),
                    statements, rows);
        }
        statements.add(0, CardTransactionRows.INSERT.sql()); // its values as the moves left them
        rows.add(0, CardTransactionRows.INSERT.values(transaction));
        jdbc.insert(statements, rows);
        return new Moved(TransactionView.of(transaction, events), last(events, transaction));
    }

    /** One move of a new transaction as rows: its event, and its outbox event with the transaction as it is now. */
    private void move(CardTransaction transaction, List<TransactionEvent> events, TransactionEvent event,
                      List<String> statements, List<Object[]> rows) {
        events.add(event);
        statements.add(TransactionEventRows.INSERT.sql());
        rows.add(TransactionEventRows.INSERT.values(event));
        event.topic().ifPresent(topic -> {
            Events.Insert insert = outbox.insert(topic, transaction.projectId(), transaction.companyId(),
                    event.occurredAt(), transaction.id(), TransactionView.of(transaction, events));
            statements.add(insert.sql());
            rows.add(insert.values());
        });
    }

    /** Capture (partial allowed, once): 400 unless Approved and within the authorized amount. */
    public Moved capture(UUID projectId, UUID id, BigDecimal requested) {
        CardTransaction transaction = lock(projectId, id);
        BigDecimal amount = transaction.captureAmount(requested);
        requireNoPendingMove(transaction, "captured");
        Connections.Route route = pinnedRoute(transaction);
        GatewayResult result = route.gateway().capture(call(transaction, route), amount);
        if (result.approved()) {
            transaction.keepReference(result.reference());
        }
        return record(transaction, awaiting(result,
                transaction.captured(EventResult.of(result), result.resultCode(), amount, now())));
    }

    /**
     * Refund (partial, repeated): 400 unless Captured, Settled or PartiallyRefunded and within what is left: the
     * captured amount less refunds and less standing chargebacks.
     */
    public Moved refund(UUID projectId, UUID id, BigDecimal requested) {
        CardTransaction transaction = lock(projectId, id);
        // Read under the row lock recordChargeback takes too: a chargeback recorded at the same moment is either
        // committed before this read or waits for this refund, never missed by it.
        BigDecimal amount = transaction.refundAmount(requested, chargebacks.against(id));
        requireNoPendingMove(transaction, "refunded");
        Connections.Route route = pinnedRoute(transaction);
        GatewayResult result = route.gateway().refund(refundCall(transaction, route), amount);
        Moved moved = record(transaction, awaiting(result,
                transaction.refunded(EventResult.of(result), result.resultCode(), amount, now())));
        audit.record("TransactionRefunded", transaction.companyId(), "Transaction", id,
                "amount=" + moved.event().amount().toPlainString() + " " + transaction.currency()
                        + ", result=" + moved.event().eventResult());
        return moved;
    }

    /** Reverse through the project's API key: 400 unless Approved (not captured, not reversed). */
    public Moved reverse(UUID projectId, UUID id) {
        CardTransaction transaction = lock(projectId, id);
        transaction.requireReversible();
        requireNoPendingMove(transaction, "reversed");
        Connections.Route route = pinnedRoute(transaction);
        GatewayResult result = route.gateway().reverse(call(transaction, route));
        Moved moved = record(transaction, awaiting(result,
                transaction.reversed(EventResult.of(result), result.resultCode(), now())));
        audit.record("TransactionReversed", transaction.companyId(), "Transaction", id,
                "amount=" + moved.event().amount().toPlainString() + " " + transaction.currency()
                        + ", result=" + moved.event().eventResult());
        return moved;
    }

    /** E17: a company Admin (or platform administrator) reverses a transaction of one of the company's projects. */
    public Moved reverseAsAdmin(UUID companyProjectId, UUID id) {
        return reverse(access.asAdmin(companyProjectId).id(), id);
    }

    /**
     * The console's capture (the whole authorized amount), refund and reverse (docs/DECISIONS.md, "Console: transaction
     * actions and search"): E17's callers, a platform administrator or an Admin of the project's company, and then the
     * API's moves themselves (their rules, audit rows, events and webhooks), in one database transaction. The move is
     * refused (409, nothing done) when the transaction's row changed since the console showed it ({@code seenVersion},
     * sent back by the page's form): a form sent twice, or replayed, moves nothing twice, as an Idempotency-Key repeat
     * on the API.
     */
    public Moved captureAsAdmin(UUID projectId, UUID id, long seenVersion) {
        return capture(unchangedAsAdmin(projectId, id, seenVersion), id, null);
    }

    /** The console's refund: see {@link #captureAsAdmin}; a null amount refunds what is left. */
    public Moved refundAsAdmin(UUID projectId, UUID id, BigDecimal amount, long seenVersion) {
        return refund(unchangedAsAdmin(projectId, id, seenVersion), id, amount);
    }

    /** The console's reverse: see {@link #captureAsAdmin}. */
    public Moved reverseAsAdmin(UUID projectId, UUID id, long seenVersion) {
        return reverse(unchangedAsAdmin(projectId, id, seenVersion), id);
    }

    /** E17's access rule, then the transaction locked and as the console saw it; the project's id. */
    private UUID unchangedAsAdmin(UUID projectId, UUID id, long seenVersion) {
        UUID project = access.asAdmin(projectId).id();
        if (lock(project, id).version() != seenVersion) {
            throw new AppException(ErrorCode.TRANSACTION_CHANGED);
        }
        return project;
    }

    /** Whether the caller may move the project's transactions from the console: E17's rule, asked without a refusal. */
    @Transactional(Transactional.TxType.SUPPORTS)
    public boolean mayMoveAsAdmin(UUID projectId) {
        try {
            access.asAdmin(projectId);
            return true;
        } catch (AppException refused) {
            return false;
        }
    }

    /**
     * E16 for an API key's caller: one transaction by id (an empty list when it is not the key's project's), read in
     * the key's own statement (a {@link com.paycore.access.KeyCheckedByRead} route), or the project's, newest first.
     */
    @Transactional(Transactional.TxType.SUPPORTS)
    public List<TransactionView> list(ProjectCaller caller, UUID id, String status, Page page) {
        TransactionStatus wanted = status == null ? null : status(status);
        if (id != null) {
            // By primary key: an ordered, limited query here lets PostgreSQL walk the project's index instead.
            return reads.byId(caller, id)
                    .filter(t -> t.projectId().equals(caller.projectId()) && (wanted == null || wanted == t.status())
                            && page.offset() == 0)
                    .map(t -> List.of(t.view())).orElse(List.of());
        }
        UUID projectId = caller.projectId();
        List<CardTransaction> found = new Where(CardTransactionRows.LISTED_OF_PROJECT)
                .and("t.status = :status", "status", wanted)
                .query(em, CardTransaction.class, CardTransactionRows.NEWEST_FIRST)
                .setParameter("project", projectId).setFirstResult(page.offset()).setMaxResults(page.limit()).getResultList();
        if (found.isEmpty()) {
            return List.of();
        }
        Map<UUID, List<TransactionEvent>> events = new LinkedHashMap<>();
        found.forEach(t -> events.put(t.id(), new ArrayList<>()));
        em.createQuery(TransactionEventRows.OF_TRANSACTIONS, TransactionEvent.class)
                .setParameter("ids", List.copyOf(events.keySet())).getResultList()
                .forEach(e -> events.get(e.transactionId()).add(e));
        return found.stream().map(t -> TransactionView.of(t, events.get(t.id()))).toList();
    }

    /** What the chargebacks feature records a chargeback against. */
    public record ChargedBack(UUID transactionId, UUID projectId, UUID companyId, BigDecimal amount, String currency) {
    }

    /**
     * Records a processor's chargeback on a captured transaction (any project's: the caller decides who may): a
     * {@code Chargeback} event under the transaction's row lock. The amount defaults to the captured amount and
     * may not exceed it. 404 for an unknown transaction, 400 for one never captured.
     */
    public ChargedBack recordChargeback(UUID transactionId, BigDecimal requested, String reasonCode, OffsetDateTime at) {
        CardTransaction transaction = em.find(CardTransaction.class, transactionId, LockModeType.PESSIMISTIC_WRITE);
        if (transaction == null) {
            throw AppException.notFound("Transaction");
        }
        BigDecimal amount = transaction.chargebackAmount(requested);
        moves.insert(transaction.chargedBack(amount, reasonCode, at));
        return new ChargedBack(transaction.id(), transaction.projectId(), transaction.companyId(), amount,
                transaction.currency());
    }

    /** The project of a transaction, for tenancy checks; empty when it does not exist. */
    @Transactional(Transactional.TxType.SUPPORTS)
    public Optional<UUID> projectOf(UUID transactionId) {
        return Optional.ofNullable(em.find(CardTransaction.class, transactionId)).map(CardTransaction::projectId);
    }

    /** E19's 409: open (Approved or Captured) transactions of the project. */
    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public boolean exist(UUID projectId) {
        return !em.createQuery(CardTransactionRows.OPEN_OF_PROJECT, UUID.class)
                .setParameter("project", projectId).setParameter("open", TransactionStatus.OPEN)
                .setMaxResults(1).getResultList().isEmpty();
    }

    /** A move whose processor call timed out keeps the reference to ask about its outcome (DESIGN.md section 11). */
    private static TransactionEvent awaiting(GatewayResult result, TransactionEvent event) {
        if (result.pending()) {
            event.awaits(result.reference());
        }
        return event;
    }

    /**
     * 400 while an earlier move of the transaction awaits its outcome (a capture that timed out may have taken the
     * money: nothing else moves until the reconciliation job knows). Read under the transaction's row lock, which the
     * job takes too.
     */
    private void requireNoPendingMove(CardTransaction transaction, String move) {
        boolean pending = !em.createQuery(TransactionEventRows.PENDING_OF_TRANSACTION, UUID.class)
                .setParameter("id", transaction.id()).setParameter("pending", EventResult.Pending.name())
                .setMaxResults(1).getResultList().isEmpty();
        if (pending) {
            throw new AppException(ErrorCode.TRANSACTION_STATE, transaction.status() + " with a move whose outcome is "
                    + "pending", move);
        }
    }

    private Moved record(CardTransaction transaction, TransactionEvent event) {
        return new Moved(moves.record(transaction, event), TransactionView.EventView.of(event, transaction.currency()));
    }

    /** The project's transaction, its row locked until this request's transaction ends; 404 for any other. */
    private CardTransaction lock(UUID projectId, UUID id) {
        return em.createQuery(CardTransactionRows.OF_PROJECT, CardTransaction.class)
                .setParameter("id", id).setParameter("project", projectId)
                .setLockMode(LockModeType.PESSIMISTIC_WRITE)
                .getResultStream().findFirst().orElseThrow(() -> AppException.notFound("Transaction"));
    }

    private Connections.Route pinnedRoute(CardTransaction transaction) {
        return pinnedRoute(connections, transaction);
    }

    /**
     * The processor route a transaction was authorized on, for its later moves, the reconciliation and settlement: what
     * it pinned then (the processor, its gateway and settings version, the merchant credentials' version).
     */
    static Connections.Route pinnedRoute(Connections connections, CardTransaction transaction) {
        return connections.connectionFor(transaction.projectId(), transaction.processorId(), transaction.gateway(),
                transaction.settingsVersion(), transaction.credentialVersion());
    }

    private static GatewayCall call(CardTransaction transaction, Connections.Route route) {
        return new GatewayCall(transaction.processorReference(), transaction.currency(), route.connection());
    }

    /** A refund's call: with the card when the processor sends it with refunds (gateway 2), while it is stored. */
    private GatewayCall refundCall(CardTransaction transaction, Connections.Route route) {
        if (!route.gateway().refundsNeedCard()) {
            return call(transaction, route);
        }
        return new GatewayCall(transaction.processorReference(), transaction.currency(), route.connection(),
                tokens.cardOf(transaction.projectId(), transaction.paymentTokenId()).orElse(null));
    }

    private static TransactionView.EventView last(List<TransactionEvent> events, CardTransaction transaction) {
        return TransactionView.EventView.of(events.get(events.size() - 1), transaction.currency());
    }

    private static TransactionStatus status(String value) {
        for (TransactionStatus status : TransactionStatus.values()) {
            if (status.name().equalsIgnoreCase(value)) {
                return status;
            }
        }
        throw new AppException(ErrorCode.INVALID_PARAMETER, "status", "one of " + List.of(TransactionStatus.values()));
    }

    private OffsetDateTime now() {
        return Times.utc(clock.instant());
    }
}
