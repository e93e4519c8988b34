package com.paycore.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;

import javax.sql.DataSource;

import org.junit.jupiter.api.Test;

import com.paycore.platform.data.Jdbc;
import com.paycore.platform.data.RowsStatements;

/**
 * The hot path's plain JDBC writes on the database the servers use: rows that must commit together (a transaction
 * and its events) commit together or not at all, on PostgreSQL as one compound statement outside any transaction
 * block, on H2 in a local transaction.
 */
abstract class JdbcScenarios {

    static final String COMPANY = "insert into companies (id, company_name, name_key, active, created_at, updated_at, "
            + "version) values (?, ?, ?, true, ?, ?, 1)";

    @Test
    void rowsInsertedTogetherAreAllWrittenOrNoneIs() throws Exception {
        Jdbc jdbc = Jdbc.over(dataSource());
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
        UUID first = UUID.randomUUID();
        UUID second = UUID.randomUUID();
        String a = Api.unique("Jdbc");
        String b = Api.unique("Jdbc");
        jdbc.insert(List.of(COMPANY, COMPANY), List.of(new Object[] {first, a, a.toLowerCase(), now, now},
                new Object[] {second, b, b.toLowerCase(), now, now}));
        assertEquals(1, count(first));
        assertEquals(1, count(second));

        // the second row repeats the first's primary key: the statement fails and the first row is not left behind
        UUID third = UUID.randomUUID();
        String c = Api.unique("Jdbc");
        assertThrows(IllegalStateException.class, () -> jdbc.insert(List.of(COMPANY, COMPANY),
                List.of(new Object[] {third, c, c.toLowerCase(), now, now}, new Object[] {first, c + "x", c.toLowerCase() + "x", now, now})));
        assertEquals(0, count(third));
    }

    /** Many rows at once (COPY on PostgreSQL, a batch on H2): every value comes back as it went in. */
    @Test
    void rowsInsertedAllAtOnceReadBackAsWritten() throws Exception {
        Jdbc jdbc = Jdbc.over(dataSource());
        OffsetDateTime at = OffsetDateTime.of(2026, 11, 28, 3, 17, 0, 191_000_000, ZoneOffset.UTC);
        String awkward = "tab\there, back\\slash\\N, line\nbreak\r\nend, Zoë 東京 \u2028";
        UUID first = UUID.randomUUID();
        UUID second = UUID.randomUUID();
        String a = Api.unique("Copy");
        String b = Api.unique("Copy");
        jdbc.insertAll(COMPANY_IN_FULL, List.of(
                new Object[] {first, a, a.toLowerCase(), awkward, null, false, at, at, 1L},
                new Object[] {second, b, b.toLowerCase(), "", "\\N", true, at.withOffsetSameInstant(ZoneOffset.ofHours(5)),
                    at.withSecond(0).withNano(0), 7L}));
        try (Connection db = DatabaseDump.connect();
             PreparedStatement read = db.prepareStatement("select contact_email, contact_phone, active, created_at, "
                     + "updated_at, version from companies where id = ?")) {
            read.setObject(1, first);
            try (ResultSet row = read.executeQuery()) {
                assertTrue(row.next());
                assertEquals(awkward, row.getString(1));
                assertEquals(null, row.getString(2));
                assertFalse(row.getBoolean(3));
                assertEquals(at.toInstant(), row.getTimestamp(4).toInstant());
            }
            read.setObject(1, second);
            try (ResultSet row = read.executeQuery()) {
                assertTrue(row.next());
                assertEquals("", row.getString(1), "an empty text is not a null");
                assertEquals("\\N", row.getString(2), "a text that reads like COPY's null is text");
                assertTrue(row.getBoolean(3));
                assertEquals(at.toInstant(), row.getTimestamp(4).toInstant(), "an offset date-time keeps its instant");
                assertEquals(at.withSecond(0).withNano(0).toInstant(), row.getTimestamp(5).toInstant());
                assertEquals(7L, row.getLong(6));
            }
        }
        String c = Api.unique("Copy");
        assertThrows(IllegalStateException.class, () -> jdbc.insertAll(COMPANY_IN_FULL, List.<Object[]>of(
                new Object[] {UUID.randomUUID(), c, c.toLowerCase(), null, null, true, at, at, 1L},
                new Object[] {first, c + "x", c.toLowerCase() + "x", null, null, true, at, at, 1L})),
                "a repeated key fails the whole write");
        assertEquals(1, count(first));
        assertEquals(0, count("company_name", c));
    }

    static final String COMPANY_IN_FULL = "insert into companies (id, company_name, name_key, contact_email, "
            + "contact_phone, active, created_at, updated_at, version) values (?, ?, ?, ?, ?, ?, ?, ?, ?)";

    /** Every statement on the servers' database (PostgreSQL in CI): parsed, and inserts against the mapping. */
    @Test
    void everyStatementFitsTheSchema() throws Exception {
        try (Connection db = DatabaseDump.connect()) {
            List<String> checked = RowsStatements.check(db);
            assertTrue(checked.size() >= 55 && checked.containsAll(List.of("transaction.CardTransactionRows.INSERT",
                    "processor.IsoNumbers.STAN_POSTGRES", "platform.data.SchemaMigration.LOCK_POSTGRES")), checked.toString());
            assertFalse(checked.contains("processor.IsoNumbers.STAN_H2"), "H2's statements are not PostgreSQL's");
        }
    }

    private static long count(UUID company) throws Exception {
        return count("id", company);
    }

    /** Companies whose {@code column} holds {@code value}. */
    private static long count(String column, Object value) throws Exception {
        try (Connection db = DatabaseDump.connect();
             PreparedStatement statement = db.prepareStatement("select count(*) from companies where " + column + " = ?")) {
            statement.setObject(1, value);
            try (ResultSet rs = statement.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    /** A datasource over the connection the dump uses (PostgreSQL from PAYMENTS_DB_URL, else the embedded H2 file). */
    private static DataSource dataSource() {
        return (DataSource) Proxy.newProxyInstance(JdbcScenarios.class.getClassLoader(),
                new Class<?>[] {DataSource.class}, (proxy, method, args) -> {
                    if (method.getName().equals("getConnection")) {
                        return DatabaseDump.connect();
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }
}
