package com.paycore.platform.data;

import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;

import javax.sql.DataSource;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;

import org.postgresql.PGConnection;
import org.postgresql.copy.PGCopyOutputStream;

/**
 * Plain JDBC on the application's datasource: the one way to the database besides JPA, for hot-path writes, read
 * models and queue tables (docs/ARCHITECTURE.md, "SQL: one home, one rule"; docs/PERFORMANCE.md). Outside a JTA transaction a connection auto-commits, so one insert
 * is one round trip; rows that must commit together go as one compound statement on PostgreSQL (one round trip, one
 * implicit transaction: the statements before the protocol's Sync commit or fail together) and in a local JDBC
 * transaction elsewhere. Inside a JTA transaction the statements simply join it: the datasource hands out the
 * transaction's connection, the one the entity manager uses. A failure is an IllegalStateException naming the SQL
 * state only (a driver's message may carry row values), the SQLException its cause.
 */
@ApplicationScoped
public class Jdbc {

    /** Reads one result row; the statement's own checked exception may pass. */
    @FunctionalInterface
    public interface RowReader<T> {
        T read(ResultSet row) throws SQLException;
    }

    @Resource(lookup = Datasource.JNDI_NAME)
    DataSource dataSource;

    /** What a COPY gathers before it sends (one CopyData message): well below a G1 region's humongous half. */
    private static final int COPY_BUFFER_BYTES = 64 * 1024;

    private volatile Boolean postgres;

    /** JDBC over a given datasource, outside the container (tests). */
    public static Jdbc over(DataSource dataSource) {
        Jdbc jdbc = new Jdbc();
        jdbc.dataSource = dataSource;
        return jdbc;
    }

    /** Several statements on one connection (inside a JTA transaction: the transaction's), e.g. a claim and its mark. */
    @FunctionalInterface
    public interface Work<T> {
        T run(Session session) throws SQLException;
    }

    /** Runs {@code work} on one connection of the datasource, closed afterwards. */
    public <T> T session(Work<T> work) {
        try (Connection connection = dataSource.getConnection()) {
            return work.run(new Session(connection));
        } catch (SQLException e) {
            throw failed(e);
        }
    }

    /**
     * Runs {@code work} on one connection in a local database transaction: committed when it returns, rolled back
     * when it throws. Outside any JTA transaction only (a long write of its own, such as a streamed upload, that no
     * transaction timeout may cut).
     */
    public <T> T transaction(Work<T> work) {
        return session(session -> {
            Connection connection = session.connection;
            connection.setAutoCommit(false);
            try {
                T result = work.run(session);
                connection.commit();
                return result;
            } catch (SQLException | RuntimeException | Error e) {
                connection.rollback();
                throw e;
            } finally {
                connection.setAutoCommit(true);
            }
        });
    }

    /** Runs a query with the given parameters; the reader sees the result set on its first row, if any. */
    public <T> Optional<T> first(String sql, RowReader<T> reader, Object... parameters) {
        return session(session -> session.first(sql, reader, parameters));
    }

    /** Runs a query with the given parameters; the reader sees each result row. */
    public <T> List<T> list(String sql, RowReader<T> reader, Object... parameters) {
        return session(session -> session.list(sql, reader, parameters));
    }

    /** Runs an update (insert, update, delete) with the given parameters; answers how many rows it changed. */
    public int update(String sql, Object... parameters) {
        return session(session -> session.update(sql, parameters));
    }

    /** Runs one statement for each row of parameters as one JDBC batch (one round trip); answers each one's count. */
    public int[] batch(String sql, List<Object[]> rows) {
        return session(session -> session.batch(sql, rows));
    }

    /**
     * Writes many rows of one plain insert ({@code insert into t (a, b) values (?, ?)}): on PostgreSQL as one
     * {@code COPY ... FROM STDIN} (no statement per row to bind, execute and answer), elsewhere as one batch. In the
     * caller's transaction, if any.
     */
    public void insertAll(String insert, List<Object[]> rows) {
        session(session -> {
            session.insertAll(insert, rows);
            return null;
        });
    }

    /** Inserts the rows (statement and values each) so that all of them or none are written. */
    public void insert(List<String> statements, List<Object[]> values) {
        session(session -> {
            Connection connection = session.connection;
            if (statements.size() == 1 || !connection.getAutoCommit()) {
                updateEach(session, statements, values);
            } else if (postgres(connection)) {
                session.update(String.join("; ", statements), values.stream().flatMap(Arrays::stream).toArray());
            } else {
                connection.setAutoCommit(false);
                try {
                    updateEach(session, statements, values);
                    connection.commit();
                } catch (SQLException | RuntimeException e) {
                    connection.rollback();
                    throw e;
                } finally {
                    connection.setAutoCommit(true);
                }
            }
            return null;
        });
    }

    /** Statements on one connection: what {@link #session} hands its work. */
    public final class Session {

        private final Connection connection;
        private int timeoutSeconds;

        private Session(Connection connection) {
            this.connection = connection;
        }

        /**
         * The statements after this one are cancelled by the database after {@code seconds} (a bound on what one
         * request may cost); the failure then answers true to {@link Jdbc#cancelled}.
         */
        public Session within(int seconds) {
            timeoutSeconds = seconds;
            return this;
        }

        private PreparedStatement prepare(String sql) throws SQLException {
            PreparedStatement statement = connection.prepareStatement(sql);
            if (timeoutSeconds > 0) {
                statement.setQueryTimeout(timeoutSeconds);
            }
            return statement;
        }

        /** Whether the database is PostgreSQL (else the embedded H2): for the few statements that differ. */
        public boolean postgres() throws SQLException {
            return Jdbc.this.postgres(connection);
        }

        /** The first row read by the reader; empty when there is no row or the reader reads null (an aggregate of none). */
        public <T> Optional<T> first(String sql, RowReader<T> reader, Object... parameters) throws SQLException {
            try (PreparedStatement statement = prepare(sql)) {
                bind(statement, parameters);
                try (ResultSet row = statement.executeQuery()) {
                    return row.next() ? Optional.ofNullable(reader.read(row)) : Optional.empty();
                }
            }
        }

        public <T> List<T> list(String sql, RowReader<T> reader, Object... parameters) throws SQLException {
            try (PreparedStatement statement = prepare(sql)) {
                bind(statement, parameters);
                List<T> rows = new ArrayList<>();
                try (ResultSet row = statement.executeQuery()) {
                    while (row.next()) {
                        rows.add(reader.read(row));
                    }
                }
                return rows;
            }
        }

        public int update(String sql, Object... parameters) throws SQLException {
            try (PreparedStatement statement = prepare(sql)) {
                bind(statement, parameters);
                return statement.executeUpdate();
            }
        }

        /** Runs an update repeatedly while it changes {@code size} rows or more (a batched delete); answers the sum. */
        public int repeat(String sql, int size, Object... parameters) throws SQLException {
            int total = 0;
            try (PreparedStatement statement = prepare(sql)) {
                bind(statement, parameters);
                int batch;
                do {
                    batch = statement.executeUpdate();
                    total += batch;
                } while (batch >= size);
            }
            return total;
        }

        /** {@link Jdbc#insertAll} on this connection. */
        public void insertAll(String insert, List<Object[]> rows) throws SQLException {
            if (rows.isEmpty()) {
                return;
            }
            if (!postgres()) {
                batch(insert, rows);
                return;
            }
            PGCopyOutputStream copy = new PGCopyOutputStream(connection.unwrap(PGConnection.class),
                    CopyText.copyOf(insert), COPY_BUFFER_BYTES);
            try {
                CopyText.write(rows, copy);
                copy.endCopy();
            } catch (IOException e) {
                throw new SQLException("COPY failed to send its rows", "58030", e);
            } finally {
                if (copy.isActive()) {
                    copy.cancelCopy(); // a row that could not be written: none of them is
                }
            }
        }

        /** One JDBC batch (nothing when there are no rows); answers each row's update count. */
        public int[] batch(String sql, List<Object[]> rows) throws SQLException {
            if (rows.isEmpty()) {
                return new int[0];
            }
            try (PreparedStatement statement = prepare(sql)) {
                for (Object[] row : rows) {
                    bind(statement, row);
                    statement.addBatch();
                }
                return statement.executeBatch();
            }
        }
    }

    /** A uuid column (PostgreSQL and H2 both answer java.util.UUID). */
    public static UUID uuid(ResultSet row, int column) throws SQLException {
        return (UUID) row.getObject(column);
    }

    /**
     * A timestamp-with-time-zone column as UTC. Read through {@code getTimestamp}: the pool's result-set wrapper
     * answers {@code getObject(column, type)} by reflection on every call.
     */
    public static OffsetDateTime utc(ResultSet row, int column) throws SQLException {
        Timestamp at = row.getTimestamp(column);
        return at == null ? null : at.toInstant().atOffset(ZoneOffset.UTC);
    }

    private static void updateEach(Session session, List<String> statements, List<Object[]> values)
            throws SQLException {
        for (int i = 0; i < statements.size(); i++) {
            session.update(statements.get(i), values.get(i));
        }
    }

    private static void bind(PreparedStatement statement, Object[] values) throws SQLException {
        for (int i = 0; i < values.length; i++) {
            statement.setObject(i + 1, values[i]);
        }
    }

    private boolean postgres(Connection connection) throws SQLException {
        Boolean known = postgres;
        if (known == null) {
            known = connection.getMetaData().getDatabaseProductName().toLowerCase(Locale.ROOT).contains("postgres");
            postgres = known;
        }
        return known;
    }

    /** Whether a statement failed because it was cancelled by {@link Session#within}'s time limit. */
    public static boolean cancelled(RuntimeException failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof SQLException e && ("57014".equals(e.getSQLState()) || "HY008".equals(e.getSQLState()))) {
                return true;
            }
        }
        return false;
    }

    /** The SQL state only: a driver's message may carry row values. */
    private static IllegalStateException failed(SQLException e) {
        return new IllegalStateException("statement failed (SQL state " + e.getSQLState() + ")", e);
    }
}
