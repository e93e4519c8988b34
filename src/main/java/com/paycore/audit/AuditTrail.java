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
import com.paycore.platform.data.Where;
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
        return new Where(AuditEventRows.LISTED)
                .and("e.companyId in :companies", "companies", Ids.orNone(within))
                .and("e.occurredAt >= :from", "from", filter.from()).and("e.occurredAt <= :to", "to", filter.to())
                .and("lower(e.action) = :action", "action",
                        filter.action() == null ? null : filter.action().toLowerCase(Locale.ROOT))
                .and("lower(e.actor) like :actor escape '\\'", "actor",
                        filter.actor() == null ? null : Likes.contains(filter.actor()))
                .query(em, AuditEvent.class, AuditEventRows.NEWEST_FIRST)
                .setFirstResult(page.offset()).setMaxResults(page.limit()).getResultStream()
                .map(AuditEventView::from).toList();
    }

    /** Events of the given companies (null: every event, platform administrators only), oldest first. */
    private List<AuditEvent> list(List<UUID> companyIds, OffsetDateTime from, OffsetDateTime to, Page page) {
        return new Where(AuditEventRows.LISTED)
                .and("e.companyId in :companies", "companies", Ids.orNone(companyIds))
                .and("e.occurredAt >= :from", "from", from).and("e.occurredAt <= :to", "to", to)
                .query(em, AuditEvent.class, AuditEventRows.OLDEST_FIRST)
                .setFirstResult(page.offset()).setMaxResults(page.limit()).getResultList();
    }
}
