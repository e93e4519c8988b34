package com.paycore.keystore;

/** The statements on {@code keystores}, all JPQL (docs/ARCHITECTURE.md, "SQL"). */
final class KeystoreRows {

    private KeystoreRows() {
    }

    /** JPQL: how many keystores there are (none before the first startup). */
    static final String COUNT = "select count(k) from Keystore k";

    /** JPQL: every keystore, oldest activation first (E18's list). */
    static final String OLDEST_FIRST = "select k from Keystore k order by k.activationDate, k.id";

    /** JPQL: the keystores active at {@code :now}, newest activation first: the first seals new card data. */
    static final String ACTIVE_NEWEST_FIRST = "select k from Keystore k where k.activationDate <= :now "
            + "and k.expirationDate > :now order by k.activationDate desc, k.id desc";
}
