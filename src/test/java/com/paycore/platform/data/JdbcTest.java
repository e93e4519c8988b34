package com.paycore.platform.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;

import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;

/** Jdbc's reads on the embedded database. */
class JdbcTest {

    private static Jdbc h2() {
        JdbcDataSource h2 = new JdbcDataSource();
        h2.setURL("jdbc:h2:mem:jdbc-test;DB_CLOSE_DELAY=-1");
        return Jdbc.over(h2);
    }

    /** MIN of no rows is one row holding null: empty, as no row is (the business figures' scrape read it so). */
    @Test
    void aRowWhoseValueIsNullReadsAsEmpty() throws Exception {
        Jdbc jdbc = h2();
        jdbc.session(session -> session.update("create table if not exists stamps (at timestamp)"));
        Optional<Object> oldest = jdbc.session(session -> session.first("select min(at) from stamps",
                row -> row.getTimestamp(1)));
        assertTrue(oldest.isEmpty());
        assertEquals(Optional.of(0L), jdbc.session(session -> session.first("select count(*) from stamps",
                row -> row.getLong(1))));
    }

    /** A String[] binds as one array parameter ({@code = any(?)}), on H2 as on PostgreSQL. */
    @Test
    void anArrayOfTextBindsAsOneParameter() {
        Jdbc jdbc = h2();
        jdbc.session(session -> session.update("create table if not exists refs (file_id int, reference varchar(64))"));
        jdbc.session(session -> session.update("insert into refs values (1, 'a'), (1, 'b'), (2, 'c')"));
        assertEquals(List.of("b"), jdbc.list("select reference from refs where file_id = ? and reference = any(?)",
                row -> row.getString(1), 1, new String[] {"b", "c", "z"}));
    }

    /** A statement past its session's time limit is cancelled by the database, and the failure says so. */
    @Test
    void aStatementPastItsTimeLimitIsCancelled() {
        Jdbc jdbc = h2();
        long started = System.nanoTime();
        IllegalStateException failure = Assertions.assertThrows(IllegalStateException.class,
                () -> jdbc.session(session -> session.within(1).first(
                        "select count(*) from system_range(1, 100000) a, system_range(1, 100000) b where a.x + b.x = 3", row -> row.getLong(1))));
        assertTrue(Jdbc.cancelled(failure), failure.toString());
        assertTrue(System.nanoTime() - started < 30_000_000_000L, "cancelled, not run to its end");
        assertEquals(Optional.of(1L), jdbc.session(session -> session.within(1).first("select 1", row -> row.getLong(1))),
                "a quick statement under the same limit answers");
    }

    @Test
    void otherFailuresAreNotCancellations() {
        IllegalStateException failure = Assertions.assertThrows(IllegalStateException.class,
                () -> h2().session(session -> session.first("select nothing from nowhere", row -> row.getLong(1))));
        assertTrue(!Jdbc.cancelled(failure), failure.toString());
    }
}
