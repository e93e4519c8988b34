package com.paycore.chargeback;

import java.math.BigDecimal;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;

import com.paycore.access.Caller;
import com.paycore.access.ProjectAccess;
import com.paycore.access.ProjectRef;
import com.paycore.audit.AuditLog;
import com.paycore.event.Events;
import com.paycore.event.Topic;
import com.paycore.platform.data.Jdbc;
import com.paycore.platform.data.Page;
import com.paycore.platform.data.Where;
import com.paycore.platform.input.Bodies;
import com.paycore.platform.input.Ids;
import com.paycore.platform.input.Times;
import com.paycore.platform.web.AppException;
import com.paycore.platform.web.ErrorCode;
import com.paycore.project.ProjectService;
import com.paycore.transaction.DisputeOpened;
import com.paycore.transaction.StandingChargebacks;
import com.paycore.transaction.TransactionService;

/**
 * Chargebacks: recorded from a processor (the admin operation, or the Simulator's dispute at settlement), accepted or
 * disputed by the merchant, resolved by the processor, accepted automatically once their respondByDate passes.
 * Every move locks the chargeback's row, so concurrent moves from any instance apply one at a time.
 */
@ApplicationScoped
@Transactional
public class ChargebackService implements StandingChargebacks {

    static final Duration DEFAULT_RESPONSE_TIME = Duration.ofDays(10);
    static final String SIMULATOR_REASON = "Fraud: card-absent environment";
    static final String SIMULATOR_REASON_CODE = "10.4";
    static final int MAX_EVIDENCE = 4000;
    static final int MAX_E2_LIMIT = 10000;

    @PersistenceContext(unitName = "payments")
    EntityManager em;

    @Inject
    Jdbc jdbc;

    @Inject
    TransactionService transactions;

    @Inject
    ProjectService projects;

    @Inject
    AuditLog audit;

    @Inject
    ProjectAccess access;

    @Inject
    ChargebackService self;

    @Inject
    Events outbox;

    @Inject
    Caller caller;

    @Inject
    Clock clock;

    /** {@code POST /api/adm/chargebacks}: platform administrators (the processor's side) record chargebacks. */
    public ChargebackView record(RecordChargebackRequest request) {
        caller.requirePlatformAdmin();
        // The transaction is looked up before the body is checked, as on every operation naming an id.
        if (transactions.projectOf(Bodies.requiredId(request, "transactionId", request.transactionId)).isEmpty()) {
            throw AppException.notFound("Transaction");
        }
        Bodies.validate(request);
        OffsetDateTime now = now();
        OffsetDateTime chargebackDate = request.chargebackDate == null ? now
                : Times.parseField("chargebackDate", request.chargebackDate);
        OffsetDateTime respondBy = request.respondByDate == null ? chargebackDate.plus(DEFAULT_RESPONSE_TIME)
                : Times.parseField("respondByDate", request.respondByDate);
        if (respondBy.isBefore(chargebackDate)) {
            throw new AppException(ErrorCode.DATE_RANGE, "respondByDate is before chargebackDate");
        }
        Chargeback chargeback = open(request.transactionId, request.amount, request.reason, request.reasonCode,
                chargebackDate, respondBy, now);
        audit.record("ChargebackRecorded", chargeback.companyId(), "Chargeback", chargeback.id(),
                "transaction=" + chargeback.transactionId() + ", amount=" + chargeback.amount().toPlainString() + " "
                        + chargeback.currency());
        return ChargebackView.of(chargeback);
    }

    /** The Simulator's dispute card: its issuer opens a dispute when the capture settles. */
    void onDisputeOpened(@Observes DisputeOpened dispute) {
        open(dispute.transactionId(), dispute.amount(), SIMULATOR_REASON, SIMULATOR_REASON_CODE, dispute.at(),
                dispute.at().plus(DEFAULT_RESPONSE_TIME), dispute.at());
    }

    private Chargeback open(UUID transactionId, BigDecimal amount, String reason, String reasonCode,
                            OffsetDateTime chargebackDate, OffsetDateTime respondBy, OffsetDateTime now) {
        TransactionService.ChargedBack charged = transactions.recordChargeback(transactionId, amount, reasonCode, chargebackDate);
        Chargeback chargeback = new Chargeback(Ids.newId(), charged.transactionId(), charged.projectId(),
                charged.companyId(), charged.amount(), charged.currency(), reason, reasonCode, chargebackDate, respondBy);
        em.persist(chargeback);
        published(Topic.CHARGEBACK_OPENED, chargeback, now);
        return chargeback;
    }

    /** The chargeback's outbox event (DESIGN.md section 10), in this move's database transaction. */
    private void published(Topic topic, Chargeback chargeback, OffsetDateTime at) {
        outbox.record(topic, chargeback.projectId(), chargeback.companyId(), at, chargeback.transactionId(),
                ChargebackView.of(chargeback));
    }

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public BigDecimal against(UUID transactionId) {
        BigDecimal sum = em.createQuery(ChargebackRows.STANDING_AMOUNT, BigDecimal.class)
                .setParameter("transaction", transactionId).setParameter("standing", Chargeback.STANDING)
                .getSingleResult();
        return sum == null ? BigDecimal.ZERO : sum;
    }

    /** The merchant accepts: Pending -> Accepted. */
    public ChargebackView accept(UUID projectId, UUID chargebackId) {
        Chargeback chargeback = lock(chargebackId, projectId);
        OffsetDateTime now = now();
        chargeback.accept(now);
        published(Topic.CHARGEBACK_ACCEPTED, chargeback, now);
        audit.record("ChargebackAccepted", chargeback.companyId(), "Chargeback", chargebackId, null);
        return ChargebackView.of(chargeback);
    }

    /** The merchant disputes with evidence: Pending (and not past respondByDate) -> Disputed. */
    public ChargebackView dispute(UUID projectId, UUID chargebackId, String evidence) {
        Chargeback chargeback = lock(chargebackId, projectId);
        if (evidence == null || evidence.isBlank() || evidence.length() > MAX_EVIDENCE) {
            throw AppException.invalid("evidence: 1 to " + MAX_EVIDENCE + " characters required");
        }
        OffsetDateTime now = now();
        chargeback.dispute(evidence, now);
        published(Topic.CHARGEBACK_DISPUTED, chargeback, now);
        audit.record("ChargebackDisputed", chargeback.companyId(), "Chargeback", chargebackId, null);
        return ChargebackView.of(chargeback);
    }

    /** The processor's decision (platform administrators): Disputed -> Won | Lost. */
    public ChargebackView resolve(UUID chargebackId, String outcome) {
        caller.requirePlatformAdmin();
        Chargeback chargeback = lock(chargebackId, null);
        boolean won;
        if ("Won".equals(outcome)) {
            won = true;
        } else if ("Lost".equals(outcome)) {
            won = false;
        } else {
            throw AppException.invalid("outcome: Won or Lost");
        }
        OffsetDateTime now = now();
        chargeback.resolve(won, now);
        published(won ? Topic.CHARGEBACK_WON : Topic.CHARGEBACK_LOST, chargeback, now);
        audit.record("ChargebackResolved", chargeback.companyId(), "Chargeback", chargebackId, "outcome=" + outcome);
        return ChargebackView.of(chargeback);
    }

    /** The periodic job's work on demand: platform administrators. */
    @Transactional(Transactional.TxType.NOT_SUPPORTED)
    public int acceptOverdueNow() {
        caller.requirePlatformAdmin();
        return acceptOverdue(now());
    }

    /**
     * Accepts every Pending chargeback whose respondByDate is before {@code now}; each under its row lock and
     * re-checked, so runs on several instances at once accept each one once. Returns how many this run accepted.
     */
    @Transactional(Transactional.TxType.NOT_SUPPORTED)
    public int acceptOverdue(OffsetDateTime now) {
        List<UUID> due = em.createQuery(ChargebackRows.OVERDUE, UUID.class)
                .setParameter("pending", Chargeback.Status.Pending).setParameter("now", now).getResultList();
        int accepted = 0;
        for (int from = 0; from < due.size(); from += 100) {
            accepted += self.acceptBatch(due.subList(from, Math.min(due.size(), from + 100)), now);
        }
        return accepted;
    }

    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public int acceptBatch(List<UUID> ids, OffsetDateTime now) {
        int accepted = 0;
        for (UUID id : ids) {
            Chargeback chargeback = em.find(Chargeback.class, id, LockModeType.PESSIMISTIC_WRITE);
            if (chargeback != null && chargeback.overdue(now)) {
                chargeback.acceptAutomatically(now);
                published(Topic.CHARGEBACK_ACCEPTED, chargeback, now);
                audit.record("ChargebackAcceptedAutomatically", chargeback.companyId(), "Chargeback", id,
                        "respondByDate=" + chargeback.respondByDate());
                accepted++;
            }
        }
        return accepted;
    }

    /**
     * E2: the key's project's chargebacks (or, with isForAllProjectsInCompany, its company's) dated at or after
     * startDate, oldest first. A chargebackId or transactionId of another project of the same company: 403 (unless
     * isForAllProjectsInCompany); of another company or unknown: 404.
     */
    @Transactional(Transactional.TxType.SUPPORTS)
    public List<ChargebackView> search(UUID projectId, ChargebackSearchRequest request) {
        ProjectRef project = projects.ref(projectId);
        boolean wholeCompany = Boolean.TRUE.equals(request.isForAllProjectsInCompany);
        UUID chargebackId = null;
        if (request.chargebackId != null) {
            chargebackId = id("chargebackId", request.chargebackId);
            Chargeback chargeback = em.find(Chargeback.class, chargebackId);
            visible(chargeback == null ? null : chargeback.projectId(), chargeback == null ? null : chargeback.companyId(),
                    project, wholeCompany, "Chargeback");
        }
        UUID transactionId = null;
        if (request.transactionId != null) {
            transactionId = id("transactionId", request.transactionId);
            UUID owner = transactions.projectOf(transactionId).orElse(null);
            visible(owner, owner == null ? null : projects.ref(owner).companyId(), project, wholeCompany, "Transaction");
        }
        // The rest of the body after the ids it names (403/404 first), as on every operation naming an id.
        if (request.startDate == null || request.startDate.isBlank()) {
            throw AppException.invalid("startDate: required");
        }
        OffsetDateTime start = Times.parseField("startDate", request.startDate);
        if (request.offset == null || request.limit == null) {
            throw AppException.invalid("offset and limit: required");
        }
        Page page = Page.of(request.limit, request.offset, request.limit, MAX_E2_LIMIT);
        return new Where(ChargebackRows.OF_COMPANY_SINCE)
                .and("c.projectId = :project", "project", wholeCompany ? null : project.id())
                .and("c.id = :id", "id", chargebackId).and("c.transactionId = :transaction", "transaction", transactionId)
                .query(em, Chargeback.class, ChargebackRows.BY_CHARGEBACK_DATE)
                .setParameter("company", project.companyId()).setParameter("start", start)
                .setFirstResult(page.offset()).setMaxResults(page.limit()).getResultStream()
                .map(ChargebackView::of).toList();
    }

    /**
     * The console's chargebacks of one transaction, oldest first, for a caller who may read its project (as the
     * transaction's page itself: platform administrators, the company's Admins, its Users assigned to the project);
     * 404 for an unknown transaction and for one the caller may not read alike.
     */
    @Transactional(Transactional.TxType.SUPPORTS)
    public List<ChargebackView> ofTransaction(UUID transactionId) {
        UUID project = transactions.projectOf(transactionId).orElseThrow(() -> AppException.notFound("Transaction"));
        AppException.hidingForeign("Transaction", () -> access.asReader(project));
        return em.createQuery(ChargebackRows.OF_TRANSACTION, Chargeback.class)
                .setParameter("transaction", transactionId).setMaxResults(MAX_E2_LIMIT).getResultStream()
                .map(ChargebackView::of).toList();
    }

    /** Another company's (or nothing): 404; another project of the same company: 403 unless the whole company is asked. */
    private static void visible(UUID ownerProject, UUID ownerCompany, ProjectRef project, boolean wholeCompany, String what) {
        if (ownerProject == null || !ownerCompany.equals(project.companyId())) {
            throw AppException.notFound(what);
        }
        if (!wholeCompany && !ownerProject.equals(project.id())) {
            throw new AppException(ErrorCode.FORBIDDEN_OTHER_PROJECT, what);
        }
    }

    /** The chargeback, locked; 404 when unknown or (for API-key calls) another project's. */
    private Chargeback lock(UUID chargebackId, UUID projectId) {
        Chargeback chargeback = em.find(Chargeback.class, chargebackId, LockModeType.PESSIMISTIC_WRITE);
        if (chargeback == null || projectId != null && !chargeback.projectId().equals(projectId)) {
            throw AppException.notFound("Chargeback");
        }
        return chargeback;
    }

    private static UUID id(String field, String value) {
        try {
            return Ids.parse(value.trim());
        } catch (IllegalArgumentException e) {
            throw AppException.invalid(field + ": not a valid id");
        }
    }

    /** Pending chargebacks whose respondByDate is at or before a time: how many, and the nearest respondByDate. */
    public record Due(long count, OffsetDateTime nearest) {
    }

    /**
     * The console's overview: the Pending chargebacks of the projects the caller may read (as the chargeback report
     * E13 lets them read them) due at or before {@code until}, those already overdue (not yet accepted automatically)
     * included. Reads {@code ix_chargebacks_pending} (status, respond_by_date).
     */
    @Transactional(Transactional.TxType.SUPPORTS)
    public Due dueBy(OffsetDateTime until) {
        List<UUID> visible = access.visibleProjects(); // null: every project (platform administrators)
        Object[] row = new Where(ChargebackRows.DUE_BY)
                .and("c.projectId in :projects", "projects", Ids.orNone(visible))
                .query(em, Object[].class, "")
                .setParameter("pending", Chargeback.Status.Pending).setParameter("until", until).getSingleResult();
        return new Due(((Number) row[0]).longValue(), (OffsetDateTime) row[1]);
    }

    public OffsetDateTime now() {
        return Times.utc(clock.instant());
    }

    /** Every project's chargebacks awaiting the merchant's answer, for the business figures ({@code metrics}). */
    @Transactional(Transactional.TxType.SUPPORTS)
    public long pending() {
        return jdbc.first(ChargebackRows.PENDING, row -> row.getLong(1)).orElseThrow();
    }

    /** {@link #pending} whose respond-by date is at or before {@code until}. */
    @Transactional(Transactional.TxType.SUPPORTS)
    public long pendingDueBy(Instant until) {
        return jdbc.first(ChargebackRows.PENDING_DUE_BY, row -> row.getLong(1), Timestamp.from(until)).orElseThrow();
    }
}
