package com.paycore.auth;

import jakarta.json.bind.annotation.JsonbProperty;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** RFC 6749 section 5.1. */
public record TokenResponse(
        @JsonbProperty("access_token") @Schema(description = "RS256 JWT for Authorization: Bearer on /api/adm",
                example = "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIuLi4ifQ.c2lnbmF0dXJl") String accessToken,
        @JsonbProperty("token_type") @Schema(example = "Bearer") String tokenType,
        @JsonbProperty("expires_in") @Schema(description = "Seconds", example = "900") long expiresIn,
        @JsonbProperty("refresh_token") @Schema(description = "Single use",
                example = "rt_Jq3vX9pL2mN7sK4wE8tY1uZ6") String refreshToken) {
}
