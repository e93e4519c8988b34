package com.paycore.user;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

public class LinkRequest {
    @NotBlank @Size(max = 40)
    @Schema(required = true, description = "A name listed in payments.jwt.external-issuers", example = "corporate-idp")
    public String issuer;
    @Size(max = 255)
    @Schema(description = "The sub claim of the issuer's tokens for this user. Required without externalToken; with "
            + "one, it may be left out (the token's sub) and otherwise must be the token's sub",
            example = "00u1a2b3c4d5e6f7g8h9")
    public String subject;
    @Size(max = 16384)
    @Schema(description = "A valid token of the issuer for the subject, as proof that the signed-in user holds it: "
            + "with it a user links the subject to themselves (the path's user must be the caller). Without it only a "
            + "platform administrator links", example = "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIwMHUxYTJiM2M0ZDVlNmY3ZzhoOSJ9.c2lnbmF0dXJl")
    public String externalToken;
}
