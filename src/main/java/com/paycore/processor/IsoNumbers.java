package com.paycore.processor;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

import javax.sql.DataSource;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;

import com.paycore.platform.Datasource;

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

    private long next(String sequence) {
        try (Connection connection = dataSource.getConnection()) {
            if (postgres == null) {
                postgres = connection.getMetaData().getDatabaseProductName().toLowerCase().contains("postgres");
            }
            String sql = postgres ? "select nextval('" + sequence + "')" : "select next value for " + sequence;
            try (PreparedStatement statement = connection.prepareStatement(sql); ResultSet row = statement.executeQuery()) {
                row.next();
                return row.getLong(1);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("the " + sequence + " sequence cannot be read", e);
        }
    }
}
