package com.paycore.idempotency;

import java.util.UUID;

/**
 * The idempotency claim the current request holds, if any: set by {@link IdempotencyFilter} when it claims the key,
 * read by {@link ResponseWithEffect} to store the answer in the effect's own database transaction, and taken back by
 * the filter on the response side. Request-scoped, made by {@link HeldKeys}.
 */
class HeldKey {

    private UUID id;
    private boolean answered;
    private FingerprintedBody body;

    UUID id() {
        return id;
    }

    void hold(UUID claim) {
        this.id = claim;
        this.answered = false;
        this.body = null;
    }

    /** Holds the claim of a streamed request, whose fingerprint is taken as {@code body} is read. */
    void holdStreamed(UUID claim, FingerprintedBody body) {
        hold(claim);
        this.body = body;
    }

    /** The streamed body the claim's fingerprint is taken from; null for a request whose body was read whole. */
    FingerprintedBody body() {
        return body;
    }

    /**
     * Ends the holding when the response filter takes the claim back (once per request); answers the claim, or null
     * when the request held none (no key, a replay, a refusal before the claim).
     */
    UUID take() {
        UUID claim = id;
        id = null;
        return claim;
    }

    /** The answer was written in the effect's transaction: the response filter has nothing more to store. */
    boolean answered() {
        return answered;
    }

    void markAnswered() {
        this.answered = true;
    }
}
