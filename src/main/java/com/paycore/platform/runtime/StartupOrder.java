package com.paycore.platform.runtime;

/**
 * The order of the startup work, as {@code @Priority} of the observers of
 * {@code @Initialized(ApplicationScoped.class)} (CDI calls lower values first; an observer without a priority comes
 * after all of these, at {@code APPLICATION + 500}). An observer that throws stops the deployment.
 */
public final class StartupOrder {

    /** {@link com.paycore.platform.data.SchemaMigration}: before anything reads or writes a table. */
    public static final int SCHEMA = 100;

    /** {@link com.paycore.secret.MasterKeyStartup}: needs the schema; before anything seals or opens a secret. */
    public static final int MASTER_KEY = 200;

    /** The first rows a start makes (the first keystore, the bootstrap administrator): need the schema and the master key. */
    public static final int DATA = 300;

    /** The periodic jobs are armed last: their first runs find the schema, the keys and the first rows in place. */
    public static final int SCHEDULES = 400;

    private StartupOrder() {
    }
}
