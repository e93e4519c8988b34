package com.paycore.platform.data;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import javax.sql.DataSource;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Plain JDBC on the application's datasource, for the hot paths where building entities and a JTA transaction cost
 * more than the statement (docs/PERFORMANCE.md). Outside a JTA transaction a connection auto-commits, so one insert
 * is one round trip; rows that must commit together go as one compound statement on PostgreSQL (one round trip, one
 * implicit transaction: the statements before the protocol's Sync commit or fail together) and in a local JDBC
 * transaction elsewhere. Inside a JTA transaction the statements simply join it.
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

    private volatile Boolean postgres;

    /** JDBC over a given datasource, outside the container (tests). */
    public static Jdbc over(DataSource dataSource) {
        Jdbc jdbc = new Jdbc();
        jdbc.dataSource = dataSource;
        return jdbc;
    }

    /** Runs a query with the given parameters; the reader sees the result set on its first row, if any. */
    public <T> Optional<T> first(String sql, RowReader<T> reader, Object... parameters) {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement statement = connection.prepareStatement(sql)) {
            bind(statement, parameters);
            try (ResultSet row = statement.executeQuery()) {
                return row.next() ? Optional.of(reader.read(row)) : Optional.empty();
            }
        } catch (SQLException e) {
            throw failed(e);
        }
    }

    /** Inserts the rows (statement and values each) so that all of them or none are written. */
    public void insert(List<String> statements, List<Object[]> values) {
        try (Connection connection = dataSource.getConnection()) {
            if (statements.size() == 1 || !connection.getAutoCommit()) {
                executeEach(connection, statements, values);
            } else if (postgres(connection)) {
                execute(connection, String.join("; ", statements), values.stream().flatMap(java.util.Arrays::stream).toArray());
            } else {
                connection.setAutoCommit(false);
                try {
                    executeEach(connection, statements, values);
                    connection.commit();
                } catch (SQLException | RuntimeException e) {
                    connection.rollback();
                    throw e;
                } finally {
                    connection.setAutoCommit(true);
                }
            }
        } catch (SQLException e) {
            throw failed(e);
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

    private static void executeEach(Connection connection, List<String> statements, List<Object[]> values)
            throws SQLException {
        for (int i = 0; i < statements.size(); i++) {
            execute(connection, statements.get(i), values.get(i));
        }
    }

    private static void execute(Connection connection, String sql, Object[] values) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            bind(statement, values);
            statement.executeUpdate();
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
            known = connection.getMetaData().getDatabaseProductName().toLowerCase(java.util.Locale.ROOT).contains("postgres");
            postgres = known;
        }
        return known;
    }

    /** The SQL state only: a driver's message may carry row values. */
    private static IllegalStateException failed(SQLException e) {
        return new IllegalStateException("statement failed (SQL state " + e.getSQLState() + ")", e);
    }
}
