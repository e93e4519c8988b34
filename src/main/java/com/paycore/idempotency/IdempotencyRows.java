package com.paycore.idempotency;

/**
 * The idempotency_keys statements run by plain JDBC: a streamed operation's answer is written in its effect's local
 * database transaction ({@link StreamedClaims}), which the entity manager does not take part in, and its lease is
 * renewed while its body streams, outside any transaction.
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

    private IdempotencyRows() {
    }
}
