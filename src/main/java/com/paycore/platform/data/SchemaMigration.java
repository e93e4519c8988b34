package com.paycore.platform.data;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

import javax.sql.DataSource;

import jakarta.annotation.Priority;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;

import liquibase.Liquibase;
import liquibase.database.Database;
import liquibase.database.DatabaseFactory;
import liquibase.database.jvm.JdbcConnection;
import liquibase.resource.ClassLoaderResourceAccessor;

import com.paycore.platform.runtime.StartupOrder;

/**
 * Applies the Liquibase changelog (top-level {@code liquibase/}, packaged under {@code db/}) when the
 * application starts, before anything else touches the database: the first startup observer
 * ({@link StartupOrder#SCHEMA}). No transaction around it: Liquibase commits its own work.
 * <p>
 * Several instances starting together: on PostgreSQL the whole run, from its very first statement (Liquibase's own
 * lock table is one of the tables it creates, so its lock cannot guard their creation), is serialized by a
 * session-level advisory lock on a connection of its own, keyed by the schema ({@link #LOCK_POSTGRES}); the instances
 * that waited find the changelog applied and skip Liquibase. H2 is embedded, one process only: no lock.
 * <p>
 * A start whose changelog was applied already (same {@link ChangelogFingerprint} as the newest changeset's tag) skips
 * Liquibase: one query instead of its set-up, lock and checks.
 * <p>
 * A failed migration is tried again ({@value #ATTEMPTS} attempts, {@value #PAUSE_SECONDS} s apart, then twice that;
 * {@link #pauseMillis}, which the unit test shortens); when the last fails the deployment fails, and on Payara Micro
 * the process then exits with status 1 ({@link #afterLastFailure}): an instance
 * never stays up without the application. On Payara Server the failed deployment is reported by
 * {@code asadmin deploy}; the domain, which may host other applications, stays.
 */
@ApplicationScoped
public class SchemaMigration {

    private static final Logger LOG = Logger.getLogger(SchemaMigration.class.getName());
    static final String CHANGELOG = "db/changelog.yaml";
    static final int ATTEMPTS = 3;
    static final int PAUSE_SECONDS = 5;
    /** How long a start waits for another instance's migration before this attempt counts as failed. */
    static final int LOCK_WAIT_SECONDS = 600;
    /** Two 32-bit keys: this service's migrations, in this schema (other schemas of the database do not wait). */
    static final String LOCK_POSTGRES = "SELECT pg_try_advisory_lock(hashtext('payments-schema-migration'), hashtext(current_schema()))";
    static final String UNLOCK_POSTGRES = "SELECT pg_advisory_unlock(hashtext('payments-schema-migration'), hashtext(current_schema()))";
    static final String UNLOCK_ALL_POSTGRES = "SELECT pg_advisory_unlock_all()";
    static final String NEWEST_TAG = "SELECT tag FROM databasechangelog ORDER BY dateexecuted DESC, orderexecuted DESC";

    @Resource(lookup = Datasource.JNDI_NAME)
    DataSource dataSource;

    private volatile boolean migrated;

    /** The first pause between attempts (the second is twice as long). */
    long pauseMillis = PAUSE_SECONDS * 1000L;

    /** Run once the last attempt has failed: on Payara Micro the process exits, elsewhere nothing (null). */
    Runnable afterLastFailure = onPayaraMicro() ? SchemaMigration::exitSoon : null;

    /** Migrates, trying again after a failure; the last failure stops the deployment (and a Payara Micro process). */
    void migrate(@Observes @Priority(StartupOrder.SCHEMA) @Initialized(ApplicationScoped.class) Object started) {
        RuntimeException failure = null;
        for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
            failure = attempt();
            if (failure == null) {
                return;
            }
            if (attempt < ATTEMPTS) {
                long pause = pauseMillis * attempt;
                LOG.warning(failure.getMessage() + " (attempt " + attempt + " of " + ATTEMPTS + "; trying again in "
                        + pause / 1000.0 + " s)");
                try {
                    Thread.sleep(pause);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        LOG.severe(failure.getMessage() + " (attempt " + ATTEMPTS + " of " + ATTEMPTS + "): the application is not "
                + "deployed" + (afterLastFailure != null ? "; this Payara Micro process exits with status 1" : ""));
        if (afterLastFailure != null) {
            afterLastFailure.run();
        }
        throw failure;
    }

    /**
     * One migration, on a short-lived thread (Liquibase keeps per-thread state that threads created meanwhile inherit,
     * which would pin the application's class loader after an undeploy on a long-running Payara Server); the failure,
     * or null.
     */
    private RuntimeException attempt() {
        RuntimeException[] failure = new RuntimeException[1];
        Thread worker = new Thread(() -> {
            try {
                update();
            } catch (RuntimeException e) {
                failure[0] = e;
            }
        }, "payments-schema-migration");
        worker.setContextClassLoader(Thread.currentThread().getContextClassLoader());
        worker.start();
        try {
            worker.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new IllegalStateException("Interrupted while migrating the database schema", e);
        }
        return failure[0];
    }

    /**
     * Payara Micro serves nothing but this application: once its deployment has failed (logged by the container
     * right after this observer throws), the process ends, so a supervisor (Docker, Kubernetes, systemd) restarts it.
     * Exit runs the shutdown hooks; should they hang, the process is halted 30 s later.
     */
    private static void exitSoon() {
        Thread exit = new Thread(() -> {
            try {
                Thread.sleep(2000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            Thread halt = new Thread(() -> {
                try {
                    Thread.sleep(30_000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                Runtime.getRuntime().halt(1);
            }, "payments-halt-after-failed-migration");
            halt.setDaemon(true);
            halt.start();
            System.exit(1);
        }, "payments-exit-after-failed-migration");
        exit.start();
    }

    /** Payara Micro's implementation is on the class path (Payara Server carries only its API class). */
    static boolean onPayaraMicro() {
        try {
            Class.forName("fish.payara.micro.impl.PayaraMicroImpl", false, SchemaMigration.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    private void update() {
        migrateIfNeeded();
        warnWithoutAutovacuum();
    }

    private void migrateIfNeeded() {
        long started = System.nanoTime();
        Optional<String> fingerprint = ChangelogFingerprint.of(getClass().getClassLoader(), CHANGELOG);
        if (upToDate(fingerprint, started)) {
            return;
        }
        try (Connection lock = dataSource.getConnection()) {
            boolean postgres = lock.getMetaData().getDatabaseProductName().toLowerCase(Locale.ROOT).contains("postgres");
            if (postgres) {
                acquire(lock);
            }
            try {
                if (upToDate(fingerprint, started)) {
                    return; // another instance migrated while this one waited
                }
                // Liquibase closes its connection when closed: a connection of its own, never the one holding the lock.
                try (Connection connection = dataSource.getConnection()) {
                    Database database = DatabaseFactory.getInstance()
                            .findCorrectDatabaseImplementation(new JdbcConnection(connection));
                    try (Liquibase liquibase = new Liquibase(CHANGELOG,
                            new ClassLoaderResourceAccessor(getClass().getClassLoader()), database)) {
                        liquibase.update("");
                        // Marks the newest changeset as "this whole changelog is applied" for the next start's check.
                        if (fingerprint.isPresent()) {
                            liquibase.tag(fingerprint.get());
                        }
                    }
                }
            } finally {
                if (postgres) {
                    release(lock);
                }
            }
            migrated = true;
            LOG.info(() -> "Database schema is up to date (" + (System.nanoTime() - started) / 1_000_000 + " ms)");
        } catch (Exception e) {
            // The message of a Liquibase failure may carry SQL, never data: safe for the server log.
            throw new IllegalStateException("Database migration failed: " + e.getMessage(), e);
        }
    }

    private boolean upToDate(Optional<String> fingerprint, long started) {
        if (fingerprint.isPresent() && fingerprint.get().equals(newestTag())) {
            migrated = true;
            LOG.info(() -> "Database schema is up to date: this changelog was applied already, Liquibase not needed ("
                    + (System.nanoTime() - started) / 1_000_000 + " ms)");
            return true;
        }
        return false;
    }

    /** Takes the migration lock of this schema, waiting for another instance's migration (at most LOCK_WAIT_SECONDS). */
    private static void acquire(Connection lock) throws SQLException, InterruptedException {
        long deadline = System.nanoTime() + LOCK_WAIT_SECONDS * 1_000_000_000L;
        boolean told = false;
        try (Statement statement = lock.createStatement()) {
            while (true) {
                try (ResultSet taken = statement.executeQuery(LOCK_POSTGRES)) {
                    if (taken.next() && taken.getBoolean(1)) {
                        return;
                    }
                }
                if (System.nanoTime() > deadline) {
                    throw new SQLException("another instance held the schema migration lock for " + LOCK_WAIT_SECONDS
                            + " s");
                }
                if (!told) {
                    LOG.info("Another instance is migrating this schema: waiting for it");
                    told = true;
                }
                Thread.sleep(250);
            }
        }
    }

    /**
     * Gives the lock back before the connection returns to the pool (a pooled connection keeps its session, and the
     * lock with it). Should that fail the session is dropped with the connection's failure, or every advisory lock of
     * the session is let go.
     */
    private static void release(Connection lock) {
        try (Statement statement = lock.createStatement()) {
            statement.executeQuery(UNLOCK_POSTGRES).close();
        } catch (SQLException e) {
            try (Statement statement = lock.createStatement()) {
                statement.executeQuery(UNLOCK_ALL_POSTGRES).close();
            } catch (SQLException gone) {
                LOG.log(Level.FINE, "The migration lock's connection is gone, and the lock with it");
            }
        }
    }

    /**
     * PostgreSQL plans the hot paths' prepared statements from table statistics, which autovacuum keeps. With
     * autovacuum off the tables are never analyzed, and a statement's generic plan may read one row through a whole
     * secondary index, a cost that grows with the table (docs/PERFORMANCE.md: E16 by id). The service does not analyze
     * tables itself (the database's job, and a lock-taking one); it says so at every start instead.
     */
    private void warnWithoutAutovacuum() {
        try (Connection connection = dataSource.getConnection()) {
            if (!connection.getMetaData().getDatabaseProductName().toLowerCase(Locale.ROOT).contains("postgres")) {
                return;
            }
            try (Statement statement = connection.createStatement();
                    ResultSet setting = statement.executeQuery("SHOW autovacuum")) {
                if (setting.next()) {
                    autovacuumWarning(setting.getString(1)).ifPresent(LOG::warning);
                }
            }
        } catch (SQLException e) {
            LOG.log(Level.FINE, "Could not read PostgreSQL's autovacuum setting (SQL state " + e.getSQLState() + ")");
        }
    }

    /** The warning for PostgreSQL's {@code autovacuum} setting, if it needs one. */
    static Optional<String> autovacuumWarning(String setting) {
        if (!"off".equalsIgnoreCase(setting)) {
            return Optional.empty();
        }
        return Optional.of("PostgreSQL runs with autovacuum = off: its tables are never analyzed, so queries are planned "
                + "without statistics and reads by id slow down as the tables grow. Turn autovacuum on, or ANALYZE the "
                + "schema's tables regularly (docs/operations.md).");
    }

    /**
     * The tag of the newest applied changeset, or null when there is none (or no changelog table yet: first start).
     * Changesets are only ever added, and a start that applies one tags it after the update, so a tag equal to this
     * build's fingerprint means every changeset of this build is applied.
     */
    private String newestTag() {
        try (Connection connection = dataSource.getConnection();
                Statement statement = connection.createStatement()) {
            statement.setMaxRows(1);
            try (ResultSet newest = statement.executeQuery(NEWEST_TAG)) {
                return newest.next() ? newest.getString(1) : null;
            }
        } catch (SQLException e) {
            return null;
        }
    }

    public boolean migrated() {
        return migrated;
    }
}
