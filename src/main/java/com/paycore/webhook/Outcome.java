package com.paycore.webhook;

import java.time.OffsetDateTime;

/**
 * What one attempt came to: the receiver's status (null when no answer came), an error without any body or
 * internal detail, and how long it took. Any 2xx is delivered.
 */
record Outcome(OffsetDateTime attemptedAt, Integer httpStatus, String error, long durationMs) {

    static final int MAX_ERROR = 250;

    Outcome {
        if (error != null && error.length() > MAX_ERROR) {
            error = error.substring(0, MAX_ERROR);
        }
    }

    boolean delivered() {
        return httpStatus != null && httpStatus >= 200 && httpStatus < 300;
    }
}
