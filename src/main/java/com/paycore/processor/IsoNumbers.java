package com.paycore.processor;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

import javax.sql.DataSource;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;

import com.paycore.platform.data.Datasource;

/**
 * Gateway 2's message numbers from database sequences, so instances sharing a database never hand out the same one:
 * the STAN (field 11, {@code iso8583_stan}, cycling 1-999999) and the retrieval reference number (field 37,
 * {@code iso8583_rrn}). Outside the container (tests) any implementation will do.
 */
@ApplicationScoped
class IsoNumbers {

    @Resource(lookup = Datasource.JNDI_NAME)
    DataSource dataSource;

    private volatile Boolean postgres;

    long stan() {
        return next("iso8583_stan");
    }

    long rrn() {
        return next("iso8583_rrn");
    }

    /** A STAN and an RRN in one round trip (what every financial request but a capture or reversal takes). */
    long[] stanAndRrn() {
        try (Connection connection = dataSource.getConnection()) {
            String sql = postgres(connection) ? "select nextval('iso8583_stan'), nextval('iso8583_rrn')"
                    : "select next value for iso8583_stan, next value for iso8583_rrn";
            try (PreparedStatement statement = connection.prepareStatement(sql); ResultSet row = statement.executeQuery()) {
                row.next();
                return new long[] {row.getLong(1), row.getLong(2)};
            }
        } catch (SQLException e) {
            throw new IllegalStateException("the iso8583 sequences cannot be read", e);
        }
    }

    private boolean postgres(Connection connection) throws SQLException {
        if (postgres == null) {
            postgres = connection.getMetaData().getDatabaseProductName().toLowerCase().contains("postgres");
        }
        return postgres;
    }

    private long next(String sequence) {
        try (Connection connection = dataSource.getConnection()) {
            String sql = postgres(connection) ? "select nextval('" + sequence + "')" : "select next value for " + sequence;
            try (PreparedStatement statement = connection.prepareStatement(sql); ResultSet row = statement.executeQuery()) {
                row.next();
                return row.getLong(1);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("the " + sequence + " sequence cannot be read", e);
        }
    }
}
