package com.paycore.cardupdater;

import com.paycore.platform.data.Where;

/** The statements on {@code card_updates}, all JPQL (docs/ARCHITECTURE.md, "SQL"). */
final class CardUpdateRows {

    private CardUpdateRows() {
    }

    /** JPQL: E14's {@code from ... where}: a company's ({@code :company}) updates from {@code :start} to {@code :end}. */
    static final String REPORT_FROM = " from CardUpdate u where u.companyId = :company "
            + "and u.updateDate >= :start and u.updateDate <= :end";

    /** JPQL: how many updates {@link #REPORT_FROM} with its filters has. */
    static String reportCount(Where from) {
        return "select count(u)" + from;
    }

    /** JPQL: the updates {@link #REPORT_FROM} with its filters, oldest first. */
    static String reportRows(Where from) {
        return "select u" + from + " order by u.updateDate, u.id";
    }
}
