package com.paycore.cardupdater;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.TypedQuery;
import jakarta.transaction.Transactional;

import com.paycore.access.ProjectAccess;
import com.paycore.platform.data.Page;
import com.paycore.platform.data.Where;
import com.paycore.platform.input.Ids;
import com.paycore.platform.web.AppException;
import com.paycore.platform.web.Envelope;
import com.paycore.platform.web.ErrorCode;

/**
 * E14: the company's card updates in a time range (update date, both ends inclusive), optionally of one type and
 * one project, oldest first, with the count before paging. Platform administrators read any company, its Admins
 * their company, its Users only the rows of the projects assigned to them.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.SUPPORTS)
class CardUpdateReport {

    @PersistenceContext(unitName = "payments")
    EntityManager em;

    @Inject
    ProjectAccess projectAccess;

    /** A page of updates and the number of all matching (the report's answer). */
    public record Result(@Schema(required = true) List<CardUpdateView> entries,
                         @Schema(description = Envelope.TOTAL) long total) {
    }

    public Result report(UUID companyId, OffsetDateTime start, OffsetDateTime end, String updateType, UUID projectId,
                         Page page) {
        required("CompanyId", companyId);
        required("StartDate", start);
        required("EndDate", end);
        if (end.isBefore(start)) {
            throw new AppException(ErrorCode.INVALID_PARAMETER, "EndDate", "must not be before StartDate");
        }
        UpdateType type = UpdateType.parse(updateType);
        // A company User reads the rows of assigned projects only; Admins and platform administrators read them all.
        List<UUID> visible = projectAccess.visibleIn(companyId);

        Where where = new Where(CardUpdateRows.REPORT_FROM)
                .and("u.updateType = :type", "type", type == null ? null : type.name())
                .and("u.projectId = :project", "project", projectId)
                .and("u.projectId in :visible", "visible", Ids.orNone(visible));
        TypedQuery<Long> count = where.bind(em.createQuery(CardUpdateRows.reportCount(where), Long.class));
        TypedQuery<CardUpdate> rows = where.bind(em.createQuery(CardUpdateRows.reportRows(where), CardUpdate.class));
        for (TypedQuery<?> query : List.of(count, rows)) {
            query.setParameter("company", companyId).setParameter("start", start).setParameter("end", end);
        }
        List<CardUpdateView> entries = rows.setFirstResult(page.offset()).setMaxResults(page.limit()).getResultList()
                .stream().map(CardUpdateView::from).toList();
        return new Result(entries, count.getSingleResult());
    }

    private static void required(String parameter, Object value) {
        if (value == null) {
            throw new AppException(ErrorCode.INVALID_PARAMETER, parameter, "required");
        }
    }
}
