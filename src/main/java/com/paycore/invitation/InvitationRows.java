package com.paycore.invitation;

/** The statements on {@code invitations}, all JPQL (docs/ARCHITECTURE.md, "SQL"). */
final class InvitationRows {

    private InvitationRows() {
    }

    /** JPQL: every invitation, or with {@link #WITHIN} those of the companies {@code :within}; then {@link #OLDEST_FIRST}. */
    static final String LISTED = "select i from Invitation i";

    static final String WITHIN = " where i.companyId in :within";

    static final String OLDEST_FIRST = " order by i.createdAt, i.id";
}
