package com.paycore.audit;

import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.ContextNotActiveException;
import jakarta.enterprise.context.RequestScoped;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;

import com.paycore.company.CompanyAccess;
import com.paycore.platform.Caller;
import com.paycore.platform.Ids;
import com.paycore.platform.Page;
import com.paycore.platform.ProjectCaller;
import com.paycore.platform.RequestIds;

/**
 * Writes audit rows in the caller's transaction (a change that rolls back leaves no row) and reads them.
 * Callers pass what happened and to what; never a secret value.
 */
@ApplicationScoped
public class AuditLog {

    public static final String SUCCESS = "Success";
    public static final String FAILURE = "Failure";

    @PersistenceContext(unitName = "payments")
    EntityManager em;

    @Inject
    Caller caller;

    @Inject
    ProjectCaller projectCaller;

    @Inject
    BeanManager beans;

    @Inject
    Clock clock;

    @Inject
    CompanyAccess access;

    @Transactional
    public void record(String action, UUID companyId, String targetType, Object targetId, String details) {
        write(action, companyId, targetType, targetId, SUCCESS, details, callerId(), callerEmail());
    }

    /** For events without an authenticated caller (logins): the actor is named explicitly. */
    @Transactional
    public void recordAs(UUID actorUserId, String actor, String action, String targetType, Object targetId,
                         String outcome, String details) {
        write(action, null, targetType, targetId, outcome, details, actorUserId, actor);
    }

    private void write(String action, UUID companyId, String targetType, Object targetId, String outcome,
                       String details, UUID actorId, String actor) {
        // actor may be what a client typed (an unknown login name of any length): clipped to the columns, so an
        // oversized value can neither fail the request's transaction nor flood the table
        em.persist(new AuditEvent(OffsetDateTime.now(clock), companyId, actorId, clipped(actor, 250), action, targetType,
                targetId == null ? null : clipped(targetId.toString(), 64), outcome, RequestIds.current(),
                clipped(details, 1000)));
    }

    static String clipped(String value, int max) {
        return value == null || value.length() <= max ? value : value.substring(0, max - 3) + "...";
    }

    private UUID callerId() {
        return inRequest() && caller.authenticated() ? caller.userId() : null;
    }

    /** The user's email, or "apiKey:&lt;key id&gt;" for a project API-key call; null for jobs. */
    private String callerEmail() {
        if (!inRequest()) {
            return null;
        }
        if (caller.authenticated()) {
            return caller.email();
        }
        UUID keyId = projectCaller.keyId();
        return keyId != null ? "apiKey:" + keyId : null;
    }

    /** Scheduled jobs have no request: no caller to name. */
    private boolean inRequest() {
        try {
            return beans.getContext(RequestScoped.class).isActive();
        } catch (ContextNotActiveException e) {
            return false;
        }
    }

    /**
     * What the caller may read: CompanyId's events (platform administrators and its Admins), or without it every
     * event for platform administrators and the events of the companies an Admin administers.
     */
    @Transactional(Transactional.TxType.SUPPORTS)
    public List<AuditEvent> listFor(UUID companyId, OffsetDateTime from, OffsetDateTime to, Page page) {
        List<UUID> within = companyId != null ? List.of(access.asAdmin(companyId).id()) : access.administeredCompanies();
        return list(within, from, to, page);
    }

    /** Events of the given companies (null: every event, platform administrators only), oldest first. */
    @Transactional(Transactional.TxType.SUPPORTS)
    public List<AuditEvent> list(List<UUID> companyIds, OffsetDateTime from, OffsetDateTime to, Page page) {
        StringBuilder jpql = new StringBuilder("select e from AuditEvent e where 1 = 1");
        if (companyIds != null) {
            jpql.append(" and e.companyId in :companies");
        }
        if (from != null) {
            jpql.append(" and e.occurredAt >= :from");
        }
        if (to != null) {
            jpql.append(" and e.occurredAt <= :to");
        }
        jpql.append(" order by e.occurredAt, e.id");
        var query = em.createQuery(jpql.toString(), AuditEvent.class);
        if (companyIds != null) {
            query.setParameter("companies", Ids.orNone(companyIds));
        }
        if (from != null) {
            query.setParameter("from", from);
        }
        if (to != null) {
            query.setParameter("to", to);
        }
        return query.setFirstResult(page.offset()).setMaxResults(page.limit()).getResultList();
    }
}
