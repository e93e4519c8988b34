package com.paycore.auth;

import jakarta.json.bind.annotation.JsonbProperty;

/** RFC 6749 section 5.1. */
public record TokenResponse(
        @JsonbProperty("access_token") String accessToken,
        @JsonbProperty("token_type") String tokenType,
        @JsonbProperty("expires_in") long expiresIn,
        @JsonbProperty("refresh_token") String refreshToken) {
}
