package com.paycore.chargeback;

import com.paycore.platform.data.Where;

/** The statements on {@code chargebacks}, JPQL and plain JDBC (docs/ARCHITECTURE.md, "SQL"). */
final class ChargebackRows {

    private ChargebackRows() {
    }

    /** JPQL: the amount of a transaction's ({@code :transaction}) chargebacks whose status is one of {@code :standing}. */
    static final String STANDING_AMOUNT = "select sum(c.amount) from Chargeback c where c.transactionId = :transaction "
            + "and c.status in :standing";

    /** JPQL: the ids of the chargebacks {@code :pending} past their respond-by date ({@code :now}), soonest first. */
    static final String OVERDUE = "select c.id from Chargeback c where c.status = :pending "
            + "and c.respondByDate < :now order by c.respondByDate";

    /** JPQL: E2's chargebacks of a company ({@code :company}) from {@code :start}, filtered by {@code Where}. */
    static final String OF_COMPANY_SINCE = "select c from Chargeback c where c.companyId = :company "
            + "and c.chargebackDate >= :start";

    static final String BY_CHARGEBACK_DATE = " order by c.chargebackDate, c.id";

    /** JPQL: a transaction's ({@code :transaction}) chargebacks, oldest first. */
    static final String OF_TRANSACTION = "select c from Chargeback c where c.transactionId = :transaction"
            + BY_CHARGEBACK_DATE;

    /** JPQL: how many of the {@code :pending} ones are due by {@code :until}, and the nearest date; filtered by {@code Where}. */
    static final String DUE_BY = "select count(c), min(c.respondByDate) from Chargeback c where c.status = :pending "
            + "and c.respondByDate <= :until";

    /** JPQL: the console's queue, every chargeback or those of the projects {@code :projects} ({@link #ofProjects}). */
    static final String QUEUE_COUNT = "select count(c) from Chargeback c";

    /** JPQL: the queue's {@code :pending} ones, filtered as {@link #ofProjects}, then the order of each half. */
    static final String QUEUE_OPEN_COUNT = "select count(c) from Chargeback c where c.status = :pending";
    static final String QUEUE_OPEN = "select c from Chargeback c where c.status = :pending";
    static final String QUEUE_CLOSED = "select c from Chargeback c where c.status <> :pending";
    static final String SOONEST_FIRST = " order by c.respondByDate, c.id";
    static final String LATEST_FIRST = " order by c.respondByDate desc, c.id";

    /** The queue's restriction to the projects {@code :projects} ({@code first}: its query has no condition yet). */
    static String ofProjects(boolean first) {
        return (first ? " where" : " and") + " c.projectId in :projects";
    }

    /**
     * JPQL: E13's {@code from ... where}, the chargebacks of a company ({@code :company}) whose date {@code column}
     * (one of {@link #CREATED_AT}, {@link #CHARGEBACK_DATE}) is within {@code :start} and {@code :end}, to be filtered
     * by {@code Where}; {@link #reportRows} and {@link #reportTotals} select from it.
     */
    static String reportFrom(String column) {
        return " from Chargeback c where c.companyId = :company and " + column + " >= :start and " + column + " <= :end";
    }

    static final String CREATED_AT = "c.createdAt";
    static final String CHARGEBACK_DATE = "c.chargebackDate";

    /** JPQL: E13's rows from {@link #reportFrom} with its filters, in the order of its date column. */
    static String reportRows(Where from, String column) {
        return "select c" + from + " order by " + column + ", c.id";
    }

    /** JPQL: how many rows {@link #reportRows} has, and their amount. */
    static String reportTotals(Where from) {
        return "select count(c), sum(c.amount)" + from;
    }

    /** Every project's chargebacks awaiting the merchant's answer (the business figures). */
    static final String PENDING = "SELECT COUNT(*) FROM chargebacks WHERE status = 'Pending'";

    /** {@link #PENDING}, due by the parameter. */
    static final String PENDING_DUE_BY = PENDING + " AND respond_by_date <= ?";
}
