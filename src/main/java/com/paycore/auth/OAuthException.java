package com.paycore.auth;

/** A token-endpoint refusal, answered as RFC 6749 section 5.2 says (not as an envelope). */
class OAuthException extends RuntimeException {

    private final String error;

    OAuthException(String error, String description) {
        super(description, null, false, false);
        this.error = error;
    }

    static OAuthException invalidGrant(String description) {
        return new OAuthException("invalid_grant", description);
    }

    static OAuthException invalidRequest(String description) {
        return new OAuthException("invalid_request", description);
    }

    String error() {
        return error;
    }
}
