package com.paycore.chargeback;

import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.TypedQuery;
import jakarta.transaction.Transactional;

import com.paycore.access.CompanyAccess;
import com.paycore.access.ProjectAccess;
import com.paycore.platform.data.Page;
import com.paycore.platform.web.AppException;

/**
 * The console's chargeback queue for a signed-in user: the chargebacks of the projects the caller may read (as E13
 * reads them: platform administrators every project, company Admins their companies', company Users those assigned
 * to them), the open ones (Pending) first by the date they must be answered by, then the others, latest date first.
 * Accept and dispute go through {@link ChargebackService}, the API's own moves (same rules, audit rows, events), for
 * the callers who may answer a chargeback: platform administrators and the Admins of its company (the callers of
 * E17, who may also read the project's API key, E12, and so could already answer it through the API; see
 * docs/DECISIONS.md, "Console: chargebacks and password reset"). Resolve stays the platform administrators'.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.SUPPORTS)
public class ChargebackQueue {

    @PersistenceContext(unitName = "payments")
    EntityManager em;

    @Inject
    ChargebackService chargebacks;

    @Inject
    ProjectAccess projects;

    @Inject
    CompanyAccess companies;

    /** A chargeback in the queue, with whether the caller may accept or dispute it (resolve: platform administrators). */
    public record Queued(ChargebackView chargeback, boolean mayAnswer, boolean mayResolve) {
    }

    /** How many chargebacks the caller may see. */
    public int count() {
        List<UUID> visible = projects.visibleProjects();
        if (visible != null && visible.isEmpty()) {
            return 0;
        }
        return Math.toIntExact(restricted(em.createQuery(ChargebackRows.QUEUE_COUNT
                + (visible == null ? "" : ChargebackRows.ofProjects(true)), Long.class), visible).getSingleResult());
    }

    /**
     * A page of the queue: the Pending chargebacks by respondByDate (soonest first), then the others by respondByDate
     * (latest first): what needs an answer, then the history.
     */
    public List<Queued> page(Page page) {
        List<UUID> visible = projects.visibleProjects();
        if (visible != null && visible.isEmpty()) {
            return List.of();
        }
        String where = visible == null ? "" : ChargebackRows.ofProjects(false);
        long open = restricted(em.createQuery(ChargebackRows.QUEUE_OPEN_COUNT + where,
                Long.class), visible).setParameter("pending", Chargeback.Status.Pending).getSingleResult();
        List<Chargeback> rows = new ArrayList<>();
        if (page.offset() < open) {
            rows.addAll(restricted(em.createQuery(ChargebackRows.QUEUE_OPEN + where
                    + ChargebackRows.SOONEST_FIRST, Chargeback.class), visible)
                    .setParameter("pending", Chargeback.Status.Pending)
                    .setFirstResult(page.offset()).setMaxResults(page.limit()).getResultList());
        }
        int left = page.limit() - rows.size();
        if (left > 0) {
            rows.addAll(restricted(em.createQuery(ChargebackRows.QUEUE_CLOSED + where
                    + ChargebackRows.LATEST_FIRST, Chargeback.class), visible)
                    .setParameter("pending", Chargeback.Status.Pending)
                    .setFirstResult((int) Math.max(0, page.offset() - open)).setMaxResults(left).getResultList());
        }
        boolean platformAdmin = companies.platformAdmin();
        Set<UUID> administered = platformAdmin ? Set.of() : Set.copyOf(companies.memberships().adminCompanies());
        return rows.stream().map(c -> new Queued(ChargebackView.of(c),
                platformAdmin || administered.contains(c.companyId()), platformAdmin)).toList();
    }

    /** Accept, as the API's accept does, when the caller may answer the chargeback. */
    public ChargebackView accept(UUID chargebackId) {
        return chargebacks.accept(answerable(chargebackId), chargebackId);
    }

    /** Dispute with evidence, as the API's dispute does, when the caller may answer the chargeback. */
    public ChargebackView dispute(UUID chargebackId, String evidence) {
        return chargebacks.dispute(answerable(chargebackId), chargebackId, evidence);
    }

    /** The processor's decision, as the API's resolve: platform administrators only. */
    public ChargebackView resolve(UUID chargebackId, String outcome) {
        return chargebacks.resolve(chargebackId, outcome);
    }

    /**
     * The chargeback's project, when the caller may answer for it (a platform administrator or an Admin of its
     * company); one the caller may not see is not found, as a missing one; one they may only read is forbidden.
     */
    private UUID answerable(UUID chargebackId) {
        Chargeback chargeback = chargebackId == null ? null : em.find(Chargeback.class, chargebackId);
        if (chargeback == null) {
            throw AppException.notFound("Chargeback");
        }
        UUID projectId = chargeback.projectId();
        AppException.hidingForeign("Chargeback", () -> projects.asReader(projectId));
        projects.asAdmin(projectId);
        return projectId;
    }

    /** The time the moves compare respondByDate with (the service's clock). */
    public OffsetDateTime now() {
        return chargebacks.now();
    }

    private static <T> TypedQuery<T> restricted(TypedQuery<T> query, List<UUID> visible) {
        return visible == null ? query : query.setParameter("projects", visible);
    }
}
