package com.paycore.user;

/** The statements on {@code external_identities} (links of an issuer's subject to a user), all JPQL (docs/ARCHITECTURE.md, "SQL"). */
final class ExternalIdentityRows {

    private ExternalIdentityRows() {
    }

    /** JPQL: a user's ({@code :user}) links, oldest first. */
    static final String OF_USER = "select l from ExternalIdentity l where l.userId = :user order by l.createdAt, l.id";

    /** JPQL: the user linked to an issuer's ({@code :issuer}) subject ({@code :subject}). */
    static final String USER_OF_SUBJECT = "select l.userId from ExternalIdentity l where l.issuer = :issuer "
            + "and l.subject = :subject";
}
