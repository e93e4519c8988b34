package com.paycore.auth;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.Response;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

@Path("/auth/token")
@ApplicationScoped
@Tag(name = "Authentication")
public class TokenResource {

    @Inject
    TokenService tokens;

    @Inject
    LoginThrottle throttle;

    @POST
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "createAccessToken", summary = "OAuth 2.0 token endpoint (RFC 6749)",
            description = "grant_type=password with username (email) and password, or grant_type=refresh_token "
                    + "with refresh_token. Answers access_token (RS256 JWT, 15 minutes by default), token_type Bearer, "
                    + "expires_in and a single-use refresh_token. Errors follow RFC 6749 section 5.2, not the "
                    + "envelope. Ten consecutive failed logins lock the account for 30 minutes; inactive or locked "
                    + "accounts get invalid_grant. Password attempts are limited per client address and per username, "
                    + "and password checks running at once are capped (an attempt finding none free is refused at "
                    + "once): beyond, 429 temporarily_unavailable with Retry-After (seconds). A username longer than "
                    + "254 characters is invalid_request.")
    @APIResponse(responseCode = "200", description = "Tokens issued",
            content = @Content(schema = @Schema(implementation = TokenResponse.class)))
    @APIResponse(responseCode = "400", description = "invalid_request, invalid_grant or unsupported_grant_type")
    @APIResponse(responseCode = "429", description = "temporarily_unavailable: too many password attempts from the "
            + "address or for the username, or too many password checks at once; Retry-After says when to retry")
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_FORM_URLENCODED,
            schema = @Schema(implementation = TokenRequest.class)))
    public Response token(MultivaluedMap<String, String> form, @Context HttpServletRequest http) {
        if (form == null) { // no body at all: JAX-RS hands no map, and a missing grant is what RFC 6749 refuses
            throw OAuthException.invalidRequest("grant_type is required");
        }
        String grant = form.getFirst("grant_type");
        TokenResponse answer;
        if ("password".equals(grant)) {
            String username = form.getFirst("username");
            String password = form.getFirst("password");
            if (username == null || username.isBlank() || password == null) {
                throw OAuthException.invalidRequest("username and password are required");
            }
            // Counted and admitted before the transaction and before any hash: a refusal costs no PBKDF2 work. The
            // check then runs at once on a free check slot, or is refused at once: it never waits on this worker.
            throttle.admit(http.getRemoteAddr(), username);
            try (LoginThrottle.Permit permit = throttle.permit()) {
                answer = tokens.password(username, password);
            }
        } else if ("refresh_token".equals(grant)) {
            answer = tokens.refresh(form.getFirst("refresh_token"));
        } else if (grant == null || grant.isBlank()) {
            throw OAuthException.invalidRequest("grant_type is required");
        } else {
            throw new OAuthException("unsupported_grant_type", "Supported grants: password, refresh_token");
        }
        return Response.ok(answer).header("Pragma", "no-cache").build();
    }
}
