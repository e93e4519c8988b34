package com.paycore.auth;

import jakarta.json.bind.annotation.JsonbProperty;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The form of the token endpoint as the OpenAPI document shows it (read as a form map). */
public record TokenRequest(@JsonbProperty("grant_type") @Schema(required = true, enumeration = {"password", "refresh_token"},
                            example = "password") String grantType,
                    @Schema(description = "The user's e-mail (grant password)", example = "root@payments.test")
                    String username,
                    @Schema(description = "grant password", example = "bootstrap-secret-1") String password,
                    @JsonbProperty("refresh_token") @Schema(description = "grant refresh_token") String refreshToken) {
}
