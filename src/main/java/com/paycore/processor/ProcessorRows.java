package com.paycore.processor;

import com.paycore.platform.data.Jpql;

/**
 * The statements on the processor feature's tables, all JPQL (docs/ARCHITECTURE.md, "SQL"): {@code payment_processors},
 * their settings' versions ({@code processor_settings}) and the merchant credentials' versions
 * ({@code merchant_credentials}). The ISO 8583 numbers' sequences are {@link IsoNumbers}' own.
 */
final class ProcessorRows {

    private ProcessorRows() {
    }

    /** JPQL: the processors not deleted, filtered by {@code Where}, then {@link #OLDEST_FIRST}. */
    static final String LISTED = "select p from Processor p where p.deletedAt is null";

    static final String OLDEST_FIRST = " order by p.createdAt, p.id";

    /** JPQL: the project's ({@code :project}) active processors not deleted, oldest first: the first one is used. */
    static final String ACTIVE_OF_PROJECT = "select p from Processor p where p.projectId = :project and p.deletedAt is null "
            + "and " + Jpql.is("p.active", true) + OLDEST_FIRST;

    /** JPQL: the project's ({@code :project}) other processors ({@code :id} excepted) not deleted. */
    static final String OTHERS_OF_PROJECT = "select p from Processor p where p.projectId = :project "
            + "and p.deletedAt is null and p.id <> :id";

    /** JPQL: the processors of a gateway ({@code :gateway}) not deleted; {@link #ACTIVE} narrows them. */
    static final String OF_GATEWAY = "select p from Processor p where p.gateway = :gateway and p.deletedAt is null";

    static final String ACTIVE = " and " + Jpql.is("p.active", true);

    /** JPQL: a processor's ({@code :processor}) settings of a version ({@code :version}). */
    static final String SETTINGS = "select s from ProcessorSettings s where s.processorId = :processor "
            + "and s.settingsVersion = :version";

    /** JPQL: a project's ({@code :project}) merchant credential of a version ({@code :version}). */
    static final String MERCHANT_CREDENTIAL = "select c from MerchantCredential c where c.projectId = :project "
            + "and c.credentialVersion = :version";
}
