package com.paycore.idempotency;

/**
 * The statements on {@code idempotency_keys}, JPQL and plain JDBC (docs/ARCHITECTURE.md, "SQL"). Two go by plain JDBC:
 * a streamed operation's answer is written in its effect's local database transaction ({@link StreamedClaims}), which
 * the entity manager does not take part in, and its lease is renewed while its body streams, outside any transaction.
 */
final class IdempotencyRows {

    /**
     * Answers a streamed request's claim with its status, sealed answer and the fingerprint of its whole body, while
     * the claim is still the request's.
     */
    static final String COMPLETE_STREAMED = "UPDATE idempotency_keys SET state = 'COMPLETED', status = ?, response = ?, "
            + "fingerprint = ? WHERE id = ? AND state = 'IN_PROGRESS'";

    /** Extends a claim's lease while its request is still reading a streamed body (auto-committed at once). */
    static final String RENEW_LEASE = "UPDATE idempotency_keys SET lease_until = ? WHERE id = ? AND state = 'IN_PROGRESS'";

    /** JPQL: the record of a key ({@code :idemKey}) in its scope ({@code :scope}). */
    static final String BY_KEY = "select r from IdempotencyRecord r where r.scope = :scope and r.idemKey = :idemKey";

    /** JPQL: the record {@code :id}, if it expired by {@code :now}. */
    static final String DELETE_EXPIRED = "delete from IdempotencyRecord r where r.id = :id and r.expiresAt <= :now";

    /** JPQL: the claim {@code :id}, if still {@code :running} and its lease lapsed by {@code :now}. */
    static final String DELETE_LAPSED = "delete from IdempotencyRecord r where r.id = :id and r.state = :running "
            + "and r.leaseUntil <= :now";

    /** JPQL: the claim {@code :id}, if still {@code :running}. */
    static final String DELETE_RUNNING = "delete from IdempotencyRecord r where r.id = :id and r.state = :running";

    /**
     * JPQL: the claim {@code :id}, still {@code :running}, answered: {@code :done} with {@code :status} and
     * {@code :response} (a NULL literal without one: no untyped null parameter reaches the driver), and
     * {@code :fingerprint} when one replaces the claim's.
     */
    static String complete(boolean response, boolean fingerprint) {
        return "update IdempotencyRecord r set r.state = :done, r.status = :status, "
                + "r.response = " + (response ? ":response" : "NULL")
                + (fingerprint ? ", r.fingerprint = :fingerprint" : "")
                + " where r.id = :id and r.state = :running";
    }

    private IdempotencyRows() {
    }
}
