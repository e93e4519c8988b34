package com.paycore.idempotency;

import java.util.UUID;

import jakarta.enterprise.context.RequestScoped;

/**
 * The idempotency claim the current request holds, if any: set by {@link IdempotencyFilter} when it claims the key,
 * read by {@link AnswerWithEffect} to store the answer in the effect's own database transaction.
 */
@RequestScoped
class Claim {

    private UUID id;
    private boolean answered;

    UUID id() {
        return id;
    }

    void hold(UUID claim) {
        this.id = claim;
        this.answered = false;
    }

    /** The answer was written in the effect's transaction: the response filter has nothing more to store. */
    boolean answered() {
        return answered;
    }

    void markAnswered() {
        this.answered = true;
    }
}
