package com.paycore.platform;

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

/**
 * Applies the Liquibase changelog (top-level {@code liquibase/}, packaged under {@code db/}) when the
 * application starts, before anything else touches the database: the first startup observer
 * ({@link StartupOrder#SCHEMA}); a failure stops the deployment. No transaction around it: Liquibase commits its own
 * work. Liquibase's own lock makes concurrent starts of several instances safe. A start whose changelog was applied
 * already (same {@link ChangelogFingerprint} as the newest changeset's tag) skips Liquibase: one query instead of its
 * set-up, lock and checks.
 */
@ApplicationScoped
public class SchemaMigration {

    private static final Logger LOG = Logger.getLogger(SchemaMigration.class.getName());
    static final String CHANGELOG = "db/changelog.yaml";

    @Resource(lookup = Datasource.JNDI_NAME)
    DataSource dataSource;

    private volatile boolean migrated;

    /**
     * Runs on a short-lived thread: Liquibase keeps per-thread state that threads created meanwhile inherit, which
     * would pin the application's class loader after an undeploy on a long-running Payara Server.
     */
    void migrate(@Observes @Priority(StartupOrder.SCHEMA) @Initialized(ApplicationScoped.class) Object started) {
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
            throw new IllegalStateException("Interrupted while migrating the database schema", e);
        }
        if (failure[0] != null) {
            throw failure[0];
        }
    }

    private void update() {
        migrateIfNeeded();
        warnWithoutAutovacuum();
    }

    private void migrateIfNeeded() {
        long started = System.nanoTime();
        Optional<String> fingerprint = ChangelogFingerprint.of(getClass().getClassLoader(), CHANGELOG);
        if (fingerprint.isPresent() && fingerprint.get().equals(newestTag())) {
            migrated = true;
            LOG.info(() -> "Database schema is up to date: this changelog was applied already, Liquibase not needed ("
                    + (System.nanoTime() - started) / 1_000_000 + " ms)");
            return;
        }
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
            migrated = true;
            LOG.info(() -> "Database schema is up to date (" + (System.nanoTime() - started) / 1_000_000 + " ms)");
        } catch (Exception e) {
            // The message of a Liquibase failure may carry SQL, never data: safe for the server log.
            throw new IllegalStateException("Database migration failed: " + e.getMessage(), e);
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
                + "schema's tables regularly (README, Operations).");
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
            try (ResultSet newest = statement.executeQuery(
                    "SELECT tag FROM databasechangelog ORDER BY dateexecuted DESC, orderexecuted DESC")) {
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
