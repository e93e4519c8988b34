package com.paycore.platform.web;

import java.net.ConnectException;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTransientConnectionException;
import java.util.Set;

import jakarta.transaction.SystemException;

/**
 * Whether a failure means the database is away (down, restarting, unreachable) rather than a defect: a connection
 * failure in the cause chain. SQLSTATE class 08 (connection exception) and PostgreSQL's 57P01-57P03 (the server shuts
 * down or is starting), the JDBC connection exception types, a refused socket, and the pool's failure to hand out a
 * connection (Payara's {@code PoolingException}, the connector's {@code ResourceAllocationException}), and a commit
 * the transaction manager could not complete ({@code jakarta.transaction.SystemException}: Payara raises it without
 * a cause when the connection dies during the commit, so its outcome is unknown; docs/RELIABILITY.md, finding 4; a
 * retry with the same Idempotency-Key then replays the answer stored with the effect, or runs anew). Such requests
 * answer 503 ({@link UnexpectedErrorMapper}); the pool validates connections and drops them all on a failure, so
 * service resumes by itself when the database is back.
 */
final class DatabaseOutage {

    private static final Set<String> SHUTDOWN_STATES = Set.of("57P01", "57P02", "57P03");
    private static final Set<String> POOL_FAILURES = Set.of("PoolingException", "ResourceAllocationException",
            "ResourceException");

    private DatabaseOutage() {
    }

    static boolean isOutage(Throwable failure) {
        int depth = 0;
        for (Throwable t = failure; t != null && depth < 30; t = t.getCause(), depth++) {
            if (t instanceof SQLTransientConnectionException || t instanceof SQLNonTransientConnectionException
                    || t instanceof ConnectException) {
                return true;
            }
            if (t instanceof SQLException sql && sql.getSQLState() != null
                    && (sql.getSQLState().startsWith("08") || SHUTDOWN_STATES.contains(sql.getSQLState()))) {
                return true;
            }
            if (POOL_FAILURES.contains(t.getClass().getSimpleName()) || t instanceof SystemException) {
                return true;
            }
            if (t instanceof SQLException sql && sql.getNextException() != null && isOutage(sql.getNextException())) {
                return true;
            }
        }
        return false;
    }

    /** The failure's types down its cause chain, for the log: no messages (they may hold statement values). */
    static String summary(Throwable failure) {
        StringBuilder types = new StringBuilder();
        int depth = 0;
        for (Throwable t = failure; t != null && depth < 10; t = t.getCause(), depth++) {
            if (types.length() > 0) {
                types.append(" <- ");
            }
            types.append(t.getClass().getName());
            if (t instanceof SQLException sql && sql.getSQLState() != null) {
                types.append('[').append(sql.getSQLState()).append(']');
            }
        }
        return types.toString();
    }
}
