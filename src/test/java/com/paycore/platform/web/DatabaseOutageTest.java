package com.paycore.platform.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ConnectException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;

import jakarta.persistence.PersistenceException;
import jakarta.transaction.SystemException;
import jakarta.transaction.TransactionalException;
import jakarta.ws.rs.core.Response;

import org.junit.jupiter.api.Test;

class DatabaseOutageTest {

    /** Stands for Payara's pool failure, matched by its simple name. */
    static final class PoolingException extends Exception {
        PoolingException(Throwable cause) {
            super("Connection could not be allocated", cause);
        }
    }

    @Test
    void connectionFailuresAnywhereInTheChainAreAnOutage() {
        assertTrue(DatabaseOutage.isOutage(new PersistenceException(new SQLException("refused", "08001"))));
        assertTrue(DatabaseOutage.isOutage(new PersistenceException(new SQLException("terminating connection", "57P01"))));
        assertTrue(DatabaseOutage.isOutage(new RuntimeException(new SQLTransientConnectionException("gone"))));
        assertTrue(DatabaseOutage.isOutage(new IllegalStateException(new PoolingException(new ConnectException("refused")))));
        // Payara's commit cut by the database going away: the SystemException carries no cause
        assertTrue(DatabaseOutage.isOutage(new TransactionalException(
                "encountered exception during commit", new SystemException())));
        SQLException batch = new SQLException("batch failed", "42000");
        batch.setNextException(new SQLException("io", "08006"));
        assertTrue(DatabaseOutage.isOutage(batch));
    }

    @Test
    void otherFailuresAreNot() {
        assertFalse(DatabaseOutage.isOutage(new PersistenceException(new SQLException("duplicate", "23505"))));
        assertFalse(DatabaseOutage.isOutage(new IllegalStateException("bug")));
        assertFalse(DatabaseOutage.isOutage(new SQLException("no state")));
    }

    @Test
    void anOutageAnswers503WithTheEnvelopeAndRetryAfter() {
        Response answer = UnexpectedErrorMapper.internal(new PersistenceException(new SQLException("refused", "08001")));
        assertEquals(503, answer.getStatus());
        assertEquals("5", answer.getHeaderString("Retry-After"));
        assertTrue(answer.getEntity() instanceof Envelope);
        assertEquals(500, UnexpectedErrorMapper.internal(new IllegalStateException("bug")).getStatus());
    }

    @Test
    void theSummaryNamesTypesAndStatesButNoMessage() {
        String summary = DatabaseOutage.summary(new PersistenceException("value 4111111111111111",
                new SQLException("detail 4111111111111111", "08001")));
        assertTrue(summary.contains("java.sql.SQLException[08001]"), summary);
        assertFalse(summary.contains("4111"), summary);
    }
}
