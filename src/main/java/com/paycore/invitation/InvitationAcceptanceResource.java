package com.paycore.invitation;

import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriBuilder;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;

import com.paycore.platform.web.Envelope;

@Path("/auth/invitations/{id}/accept")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "Invitations")
public class InvitationAcceptanceResource {

    @Inject
    InvitationService invitations;

    @POST
    @Operation(operationId = "acceptInvitation",
            summary = "Accept an invitation (no bearer token: the invitation token is the credential)",
            description = "token (from the invitation e-mail), password, firstName, lastName. When the email has no "
                    + "account, password sets the new account's; when it has one, password must be that account's "
                    + "own (a wrong one counts as a failed login) and is never changed. Creates the company user "
                    + "with the invited role.")
    @APIResponse(responseCode = "201", description = "Created; id is the new company user",
            content = @Content(schema = @Schema(implementation = Envelope.Created.class)))
    @APIResponse(responseCode = "400", description = "Wrong, expired or used token; wrong or missing password of the "
            + "existing account, or that account locked or inactive; validation failure")
    @APIResponse(responseCode = "404", description = "No such invitation")
    public Response accept(@PathParam("id") UUID id, @RequestBody(required = true) @NotNull AcceptInvitationRequest request) {
        UUID member = invitations.accept(id, request);
        return Envelope.created(UriBuilder.fromPath("/api/adm/companyUsers").build(), member);
    }
}
