package com.paycore.audit;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;

import com.paycore.access.CompanyAccess;
import com.paycore.platform.data.Likes;
import com.paycore.platform.data.Page;
import com.paycore.platform.input.Ids;

/** The read side of the audit trail (GET /adm/auditEvents): what a caller may read of the rows {@link AuditLog} wrote. */
@ApplicationScoped
public class AuditTrail {

    @PersistenceContext(unitName = "payments")
    EntityManager em;

    @Inject
    CompanyAccess access;

    /**
     * What the caller may read: CompanyId's events (platform administrators and its Admins), or without it every
     * event for platform administrators and the events of the companies an Admin administers. Answered as the JSON
     * rows, so the entity stays inside this package.
     */
    @Transactional(Transactional.TxType.SUPPORTS)
    public List<AuditEventView> listFor(UUID companyId, OffsetDateTime from, OffsetDateTime to, Page page) {
        List<UUID> within = companyId != null ? List.of(access.asAdmin(companyId)) : access.administeredCompanies();
        return list(within, from, to, page).stream().map(AuditEventView::from).toList();
    }

    /**
     * The console's audit page: the events {@link #listFor} would answer for {@code filter.companyId()}, from and to
     * (the same rights), narrowed further by action (exact, ignoring case) and actor (the actor's e-mail contains it,
     * ignoring case), newest first.
     */
    @Transactional(Transactional.TxType.SUPPORTS)
    public List<AuditEventView> search(AuditFilter filter, Page page) {
        UUID companyId = filter.companyId();
        List<UUID> within = companyId != null ? List.of(access.asAdmin(companyId)) : access.administeredCompanies();
        StringBuilder jpql = new StringBuilder("select e from AuditEvent e where 1 = 1");
        if (within != null) {
            jpql.append(" and e.companyId in :companies");
        }
        if (filter.from() != null) {
            jpql.append(" and e.occurredAt >= :from");
        }
        if (filter.to() != null) {
            jpql.append(" and e.occurredAt <= :to");
        }
        if (filter.action() != null) {
            jpql.append(" and lower(e.action) = :action");
        }
        if (filter.actor() != null) {
            jpql.append(" and lower(e.actor) like :actor escape '\\'");
        }
        var query = em.createQuery(jpql.append(" order by e.occurredAt desc, e.id desc").toString(), AuditEvent.class);
        if (within != null) {
            query.setParameter("companies", Ids.orNone(within));
        }
        if (filter.from() != null) {
            query.setParameter("from", filter.from());
        }
        if (filter.to() != null) {
            query.setParameter("to", filter.to());
        }
        if (filter.action() != null) {
            query.setParameter("action", filter.action().toLowerCase(Locale.ROOT));
        }
        if (filter.actor() != null) {
            query.setParameter("actor", Likes.contains(filter.actor()));
        }
        return query.setFirstResult(page.offset()).setMaxResults(page.limit()).getResultStream()
                .map(AuditEventView::from).toList();
    }

    /** Events of the given companies (null: every event, platform administrators only), oldest first. */
    private List<AuditEvent> list(List<UUID> companyIds, OffsetDateTime from, OffsetDateTime to, Page page) {
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
