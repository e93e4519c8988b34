package com.paycore.auth;

/** A token-endpoint refusal, answered as RFC 6749 section 5.2 says (not as an envelope). */
class OAuthException extends RuntimeException {

    private final String error;
    private final int status;
    private final long retryAfterSeconds;

    OAuthException(String error, String description) {
        this(error, description, 400, 0);
    }

    private OAuthException(String error, String description, int status, long retryAfterSeconds) {
        super(description, null, false, false);
        this.error = error;
        this.status = status;
        this.retryAfterSeconds = retryAfterSeconds;
    }

    static OAuthException invalidGrant(String description) {
        return new OAuthException("invalid_grant", description);
    }

    static OAuthException invalidRequest(String description) {
        return new OAuthException("invalid_request", description);
    }

    /** A throttled attempt: 429 with Retry-After (RFC 6749 section 4.1.2.1 names the error). */
    static OAuthException temporarilyUnavailable(String description, long retryAfterSeconds) {
        return new OAuthException("temporarily_unavailable", description, 429, retryAfterSeconds);
    }

    String error() {
        return error;
    }

    int status() {
        return status;
    }

    /** 0: no Retry-After. */
    long retryAfterSeconds() {
        return retryAfterSeconds;
    }
}
