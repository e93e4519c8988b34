package com.paycore.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Predicate;

import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import liquibase.Liquibase;
import liquibase.database.DatabaseFactory;
import liquibase.database.jvm.JdbcConnection;
import liquibase.resource.ClassLoaderResourceAccessor;

import com.paycore.platform.data.Jdbc;
import com.paycore.platform.web.AppException;
import com.paycore.platform.web.ErrorCode;

/**
 * The one statement behind /api/pay authentication, on the embedded database (H2) with the real schema: which key,
 * which active states, which processor (the oldest active one not deleted) and which keystore (the newest active at
 * the given instant). The integration tests run it on PostgreSQL.
 */
class PayCallersTest {

    static final OffsetDateTime NOW = OffsetDateTime.of(2026, 6, 1, 12, 0, 0, 0, ZoneOffset.UTC);
    static final UUID COMPANY = UUID.randomUUID();
    static final UUID PROJECT = UUID.randomUUID();
    static final UUID BARE_PROJECT = UUID.randomUUID();
    static final UUID KEY = UUID.randomUUID();
    static final UUID BARE_KEY = UUID.randomUUID();
    static final UUID OLDEST_ACTIVE = UUID.randomUUID();
    static final UUID NEWEST_KEYSTORE = UUID.randomUUID();
    static PayCallers callers;

    @BeforeAll
    static void schema() throws Exception {
        JdbcDataSource h2 = new JdbcDataSource();
        h2.setURL("jdbc:h2:mem:paycallers;DB_CLOSE_DELAY=-1");
        var database = DatabaseFactory.getInstance().findCorrectDatabaseImplementation(new JdbcConnection(h2.getConnection()));
        try (Liquibase liquibase = new Liquibase("db/changelog.yaml", new ClassLoaderResourceAccessor(), database)) {
            liquibase.update(""); // closes its connection
        }
        try (Connection c = h2.getConnection()) {
            insert(c, "insert into companies (id, company_name, name_key, active, created_at, updated_at, version) "
                    + "values (?, 'Shop', 'shop', false, ?, ?, 1)", COMPANY, NOW, NOW);
            for (UUID project : new UUID[] {PROJECT, BARE_PROJECT}) {
                insert(c, "insert into projects (id, company_id, project_name, name_key, active, credential_version, "
                        + "created_at, updated_at, version) values (?, ?, ?, ?, true, 3, ?, ?, 1)",
                        project, COMPANY, project.toString().substring(0, 8), project.toString().substring(0, 8), NOW, NOW);
            }
            key(c, KEY, PROJECT, "hash-1");
            key(c, BARE_KEY, BARE_PROJECT, "hash-2");
            // deleted (oldest), inactive, the oldest active, a newer active
            processor(c, UUID.randomUUID(), NOW.minusDays(9), true, NOW.minusDays(1));
            processor(c, UUID.randomUUID(), NOW.minusDays(8), false, null);
            processor(c, OLDEST_ACTIVE, NOW.minusDays(7), true, null);
            processor(c, UUID.randomUUID(), NOW.minusDays(6), true, null);
            // active then, but older; the newest active now; not yet active; expired
            keystore(c, UUID.randomUUID(), NOW.minusDays(30), NOW.plusDays(30));
            keystore(c, NEWEST_KEYSTORE, NOW.minusDays(1), NOW.plusDays(30));
            keystore(c, UUID.randomUUID(), NOW.plusDays(1), NOW.plusDays(60));
            keystore(c, UUID.randomUUID(), NOW.minusDays(2), NOW.minusSeconds(1));
        }
        callers = new PayCallers();
        callers.jdbc = Jdbc.over(h2);
    }

    @Test
    void aWriteReadsTheKeyTheStatesTheOldestActiveProcessorAndTheNewestActiveKeystore() {
        ProjectCaller.Snapshot s = callers.find("hash-1", true, NOW).orElseThrow();
        assertEquals(KEY, s.keyId());
        assertEquals(PROJECT, s.projectId());
        assertEquals(COMPANY, s.companyId());
        assertTrue(s.keyActive());
        assertEquals(NOW.plusDays(10).toInstant(), s.keyExpires().toInstant());
        assertNull(s.keyDeactivates());
        assertTrue(s.projectActive());
        assertFalse(s.companyActive());
        assertEquals(3, s.credentialVersion());
        assertEquals(OLDEST_ACTIVE, s.processor().id());
        assertEquals(1, s.processor().gateway());
        assertEquals(4, s.processor().settingsVersion());
        assertEquals(NEWEST_KEYSTORE, s.newestKeystore());
    }

    @Test
    void aReadLeavesTheRouteOut() {
        ProjectCaller.Snapshot s = callers.find("hash-1", false, NOW).orElseThrow();
        assertEquals(KEY, s.keyId());
        assertNull(s.processor());
        assertNull(s.newestKeystore());
    }

    @Test
    void aProjectWithoutProcessorsHasNoRouteAndAnUnknownHashNoCaller() {
        ProjectCaller.Snapshot s = callers.find("hash-2", true, NOW).orElseThrow();
        assertEquals(BARE_PROJECT, s.projectId());
        assertNull(s.processor());
        assertEquals(NEWEST_KEYSTORE, s.newestKeystore());
        assertTrue(callers.find("hash-3", true, NOW).isEmpty());
    }

    @Test
    void theCallerRefusesNewPaymentsOfAnInactiveCompany() {
        ProjectCaller caller = new ProjectCaller();
        caller.authenticate(callers.find("hash-1", true, NOW).orElseThrow());
        assertEquals(PROJECT, caller.projectId());
        var refusal = Assertions.assertThrows(AppException.class,
                caller::requireTransacting);
        assertTrue(refusal.getMessage().contains("company is inactive"), refusal.getMessage());
    }

    /** A route's read of its project's processor by id, joined to the key's check (as E16 reads its transaction). */
    private static final ProjectCaller.KeyedRead<UUID> PROCESSOR = new ProjectCaller.KeyedRead<>("x.id",
            "left join payment_processors x on x.id = ? and x.project_id = k.project_id", "",
            row -> Jdbc.uuid(row, ProjectCaller.KEY_COLUMNS + 1));

    private static ProjectCaller presented(String hash, Predicate<ProjectCaller.Snapshot> passes) {
        ProjectCaller caller = new ProjectCaller();
        caller.callers = callers;
        caller.present(hash, NOW, passes);
        return caller;
    }

    @Test
    void aKeyCheckedOnFirstUseIsCheckedOnceAndLeavesNoKeyForARoutesRead() {
        int[] tests = {0};
        ProjectCaller caller = presented("hash-1", key -> ++tests[0] == 1); // would refuse a second test
        assertEquals(KEY, caller.keyId()); // first use: checked
        caller.checkPresented(); // nothing more to check
        assertEquals(PROJECT, caller.projectId());
        assertEquals(1, tests[0]);
        // a route reads with the key before any other use of the caller; after one, it is a programming error
        assertThrows(IllegalStateException.class, () -> caller.readWithKey(PROCESSOR, OLDEST_ACTIVE));
        assertEquals(1, tests[0]);
    }

    @Test
    void aKeyedReadChecksTheKeyAndReadsTheRoutesRowInOneStatement() {
        ProjectCaller caller = presented("hash-1", key -> key.projectId().equals(PROJECT));
        assertEquals(Optional.of(OLDEST_ACTIVE), caller.readWithKey(PROCESSOR, OLDEST_ACTIVE));
        assertEquals(PROJECT, caller.projectId());
        assertEquals(KEY, caller.keyId());
        // the key's project has no such row: nothing, but the key was checked
        ProjectCaller bare = presented("hash-2", key -> true);
        assertTrue(bare.readWithKey(PROCESSOR, OLDEST_ACTIVE).isEmpty());
        assertEquals(BARE_PROJECT, bare.projectId());
    }

    @Test
    void aKeyedReadOfAnUnknownOrFailingKeyIs401AndLeavesTheCallerUnauthenticated() {
        for (ProjectCaller caller : List.of(presented("hash-3", key -> true), presented("hash-1", key -> false))) {
            var refusal = assertThrows(AppException.class, () -> caller.readWithKey(PROCESSOR, OLDEST_ACTIVE));
            assertEquals(ErrorCode.UNAUTHENTICATED, refusal.code());
            assertEquals(ErrorCode.UNAUTHENTICATED, assertThrows(AppException.class, caller::projectId).code());
            assertNull(caller.keyId());
        }
    }

    @Test
    void aPresentedKeyNoStatementCheckedIsCheckedOnFirstUseOrBeforeTheAnswer() {
        ProjectCaller used = presented("hash-1", key -> key.projectId().equals(PROJECT));
        assertEquals(PROJECT, used.projectId());
        ProjectCaller guarded = presented("hash-1", key -> true);
        guarded.checkPresented();
        assertEquals(KEY, guarded.keyId());
        ProjectCaller failing = presented("hash-1", key -> false);
        assertEquals(ErrorCode.UNAUTHENTICATED, assertThrows(AppException.class, failing::checkPresented).code());
        assertEquals(ErrorCode.UNAUTHENTICATED, assertThrows(AppException.class, failing::projectId).code());
        ProjectCaller unknown = presented("hash-3", key -> true);
        assertEquals(ErrorCode.UNAUTHENTICATED, assertThrows(AppException.class, unknown::requireTransacting).code());
        // nothing presented: nothing to check, and nobody is authenticated
        ProjectCaller none = new ProjectCaller();
        none.checkPresented();
        assertEquals(ErrorCode.UNAUTHENTICATED, assertThrows(AppException.class, none::projectId).code());
        assertThrows(IllegalStateException.class, () -> none.readWithKey(PROCESSOR, OLDEST_ACTIVE));
    }

    private static void key(Connection c, UUID id, UUID project, String hash) throws Exception {
        insert(c, "insert into project_keys (id, project_id, key_type, active, expiration_date, lookup_hash, key_value, "
                + "masked_value, public_key, private_key, created_at, updated_at, version) "
                + "values (?, ?, 'TransactionRSAKey', true, ?, ?, 'x', 'x', 'x', 'x', ?, ?, 1)",
                id, project, NOW.plusDays(10), hash, NOW, NOW);
    }

    private static void processor(Connection c, UUID id, OffsetDateTime created, boolean active, OffsetDateTime deleted)
            throws Exception {
        insert(c, "insert into payment_processors (id, project_id, company_id, name, gateway, payment_type, active, "
                + "deleted_at, settings_version, created_at, updated_at, version) "
                + "values (?, ?, ?, 'p', 1, 1, ?, ?, 4, ?, ?, 1)", id, PROJECT, COMPANY, active, deleted, created, created);
    }

    private static void keystore(Connection c, UUID id, OffsetDateTime from, OffsetDateTime until) throws Exception {
        insert(c, "insert into keystores (id, wrapped_key, wrapped_iv, key_strength, activation_date, expiration_date, "
                + "created_at, version) values (?, 'k', 'i', 'AES-256', ?, ?, ?, 1)", id, from, until, from);
    }

    private static void insert(Connection c, String sql, Object... values) throws Exception {
        try (PreparedStatement statement = c.prepareStatement(sql)) {
            for (int i = 0; i < values.length; i++) {
                statement.setObject(i + 1, values[i]);
            }
            statement.executeUpdate();
        }
    }
}
