package com.paycore.user;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

public class LinkRequest {
    @NotBlank @Size(max = 40)
    @Schema(required = true, description = "A name listed in payments.jwt.external-issuers", example = "corporate-idp")
    public String issuer;
    @NotBlank @Size(max = 255)
    @Schema(required = true, description = "The sub claim of the issuer's tokens for this user",
            example = "00u1a2b3c4d5e6f7g8h9")
    public String subject;
}
