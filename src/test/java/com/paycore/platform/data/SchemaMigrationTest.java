package com.paycore.platform.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The startup migration on an in-memory H2 database, called as the container calls it: a migration that keeps failing
 * is tried {@value SchemaMigration#ATTEMPTS} times, then stops the deployment and (on Payara Micro) ends the process;
 * one that fails once is tried again and succeeds. The pauses between attempts are shortened here.
 */
class SchemaMigrationTest {

    private static final Logger LOG = Logger.getLogger(SchemaMigration.class.getName());
    private static final AtomicInteger DATABASES = new AtomicInteger();

    private final List<String> logged = new CopyOnWriteArrayList<>();
    private Consumer<String> onLog = message -> { };
    private final Handler handler = new Handler() {
        @Override
        public void publish(LogRecord record) {
            logged.add(record.getMessage());
            onLog.accept(record.getMessage());
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    private JdbcDataSource h2;
    private final AtomicInteger exits = new AtomicInteger();

    @BeforeEach
    void database() {
        h2 = new JdbcDataSource();
        h2.setURL("jdbc:h2:mem:migration" + DATABASES.incrementAndGet() + ";DB_CLOSE_DELAY=-1");
        LOG.addHandler(handler);
    }

    @AfterEach
    void logs() throws Exception {
        LOG.removeHandler(handler);
        execute("SHUTDOWN");
    }

    private void execute(String sql) throws Exception {
        try (Connection c = h2.getConnection(); Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    private SchemaMigration migration(long pauseMillis) {
        SchemaMigration migration = new SchemaMigration();
        migration.dataSource = h2;
        migration.pauseMillis = pauseMillis;
        migration.afterLastFailure = exits::incrementAndGet;
        return migration;
    }

    /**
     * A table where the first change set creates {@code users}: every attempt fails on it at once. (A broken lock table
     * would fail too, but only after Liquibase's own seconds of retrying its initialization.)
     */
    private void occupyTheFirstTable() throws Exception {
        execute("CREATE TABLE users (nothing_liquibase_knows INT)");
    }

    @Test
    void aMigrationThatKeepsFailingIsTriedThreeTimesThenStopsTheDeploymentAndTheProcess() throws Exception {
        occupyTheFirstTable();
        SchemaMigration migration = migration(1);
        IllegalStateException refused = assertThrows(IllegalStateException.class, () -> migration.migrate(new Object()));
        assertTrue(refused.getMessage().startsWith("Database migration failed"), refused.getMessage());
        assertFalse(migration.migrated());
        assertTrue(logged.stream().anyMatch(m -> m.contains("attempt 1 of 3; trying again")), logged.toString());
        assertTrue(logged.stream().anyMatch(m -> m.contains("attempt 2 of 3; trying again")), logged.toString());
        assertTrue(logged.stream().anyMatch(m -> m.startsWith("Database migration failed") && m.contains("attempt 3 of 3")
                && m.contains("this Payara Micro process exits with status 1")), logged.toString());
        assertEquals(1, exits.get(), "the process is ended once, after the last attempt");
    }

    @Test
    void aMigrationThatFailsOnceIsTriedAgainAfterAPauseAndSucceeds() throws Exception {
        occupyTheFirstTable();
        // The cause goes away during the pause after the first failure.
        onLog = message -> {
            if (message.contains("attempt 1 of 3")) {
                try {
                    execute("DROP TABLE users");
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }
        };
        SchemaMigration migration = migration(1);
        migration.migrate(new Object());
        assertTrue(migration.migrated());
        assertEquals(0, exits.get(), "a deployment that migrated is not ended");
        assertFalse(logged.stream().anyMatch(m -> m.contains("attempt 2 of 3")), logged.toString());
        try (Connection c = h2.getConnection(); Statement s = c.createStatement();
                var applied = s.executeQuery("SELECT COUNT(*) FROM databasechangelog")) {
            applied.next();
            assertTrue(applied.getInt(1) > 10, "the changelog is applied: " + applied.getInt(1));
        }
        // The next start finds this changelog applied and leaves Liquibase out.
        logged.clear();
        onLog = message -> { };
        SchemaMigration next = migration(1);
        next.migrate(new Object());
        assertTrue(next.migrated());
        assertTrue(logged.stream().anyMatch(m -> m.contains("Liquibase not needed")), logged.toString());
    }

    @Test
    void outsideTestsTheFirstPauseIsFiveSeconds() {
        assertEquals(5_000, new SchemaMigration().pauseMillis);
    }
}
