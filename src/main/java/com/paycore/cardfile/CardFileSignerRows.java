package com.paycore.cardfile;

/** The statements on {@code card_file_signers}, all JPQL (docs/ARCHITECTURE.md, "SQL"). */
final class CardFileSignerRows {

    private CardFileSignerRows() {
    }

    /** JPQL: the id of the project's ({@code :project}) signer with the key's fingerprint ({@code :fingerprint}). */
    static final String BY_FINGERPRINT = "select s.id from CardFileSigner s where s.projectId = :project "
            + "and s.fingerprint = :fingerprint";

    /** JPQL: every signer, filtered by {@code Where}, then {@link #OLDEST_FIRST}. */
    static final String LISTED = "select s from CardFileSigner s where s.id is not null";

    static final String OLDEST_FIRST = " order by s.createdAt, s.id";

    /** JPQL: the project's ({@code :project}) signers, oldest first. */
    static final String OF_PROJECT = "select s from CardFileSigner s where s.projectId = :project" + OLDEST_FIRST;
}
