package com.paycore.chargeback;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.Arrays;
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
 * E13, the chargeback report of a company: chargebacks whose date (DateCreated: when recorded here; CaseTime: the
 * processor's chargeback date) falls in [StartDate, EndDate], at most 90 days apart.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.SUPPORTS)
class ChargebackReport {

    static final Duration MAX_RANGE = Duration.ofDays(90);

    @PersistenceContext(unitName = "payments")
    EntityManager em;

    @Inject
    ProjectAccess projects;

    /** The rows of one page, the number of all matching rows and the sum of their amounts (the report's answer). */
    public record Result(@Schema(required = true) List<ChargebackReportRow> entries,
                         @Schema(description = Envelope.TOTAL) long total, BigDecimal totalAmount) {
    }

    public Result run(UUID companyId, OffsetDateTime start, OffsetDateTime end, String dateType, UUID projectId,
                      String status, Page page) {
        if (companyId == null) {
            throw AppException.invalid("CompanyId: required");
        }
        if (start == null || end == null) {
            throw new AppException(ErrorCode.DATE_RANGE, "StartDate and EndDate are required");
        }
        if (end.isBefore(start)) {
            throw new AppException(ErrorCode.DATE_RANGE, "EndDate is before StartDate");
        }
        if (Duration.between(start, end).compareTo(MAX_RANGE) > 0) {
            throw new AppException(ErrorCode.DATE_RANGE, "at most 90 days");
        }
        String column = switch (dateType == null ? "DateCreated" : dateType) {
            case "DateCreated" -> ChargebackRows.CREATED_AT;
            case "CaseTime" -> ChargebackRows.CHARGEBACK_DATE;
            default -> throw AppException.invalid("ChargebackReportDateType: DateCreated or CaseTime");
        };
        Chargeback.Status wanted = status == null ? null : Arrays.stream(Chargeback.Status.values())
                .filter(s -> s.name().equals(status)).findFirst()
                .orElseThrow(() -> AppException.invalid("status: one of " + List.of(Chargeback.Status.values())));
        List<UUID> visible = projects.visibleIn(companyId); // null: every project of the company

        Where where = new Where(ChargebackRows.reportFrom(column))
                .and("c.projectId in :visible", "visible", Ids.orNone(visible))
                .and("c.projectId = :project", "project", projectId).and("c.status = :status", "status", wanted);
        TypedQuery<Chargeback> rows = where.bind(em.createQuery(ChargebackRows.reportRows(where, column),
                Chargeback.class));
        TypedQuery<Object[]> totals = where.bind(em.createQuery(ChargebackRows.reportTotals(where),
                Object[].class));
        for (TypedQuery<?> query : List.of(rows, totals)) {
            query.setParameter("company", companyId).setParameter("start", start).setParameter("end", end);
        }
        Object[] sums = totals.getSingleResult();
        long total = ((Number) sums[0]).longValue();
        BigDecimal amount = sums[1] == null ? BigDecimal.ZERO : new BigDecimal(sums[1].toString());
        List<ChargebackReportRow> page1 = rows.setFirstResult(page.offset()).setMaxResults(page.limit())
                .getResultStream().map(ChargebackReportRow::of).toList();
        BigDecimal exact = amount.stripTrailingZeros();
        return new Result(page1, total, exact.setScale(Math.max(2, exact.scale())));
    }
}
