package com.paycore.invitation;

import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;

import com.paycore.platform.data.Page;
import com.paycore.platform.input.QueryAlias;
import com.paycore.platform.web.Envelope.Entries;
import com.paycore.platform.web.Envelope;

@Path("/adm/invitations")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "Invitations")
@APIResponse(responseCode = "403", description = "Not an active Admin of the company (or the company is inactive)")
public class InvitationsResource {

    @Inject
    InvitationService invitations;

    @POST
    @Operation(operationId = "createInvitation", summary = "Invite someone to a company",
            description = "companyId, email, roles (or role; default User). The invitation id and one-time token "
                    + "are e-mailed to the invited address; the answer never holds the token, except in development "
                    + "mode (no mail server configured), where it adds invitationToken for the inviter to pass on. "
                    + "Valid 7 days.")
    @APIResponse(responseCode = "201", description = "Created and e-mailed; the envelope carries id (and "
            + "invitationToken in development mode only)",
            content = @Content(schema = @Schema(implementation = InvitationCreatedResponse.class)))
    @APIResponse(responseCode = "400", description = "Validation failure, unknown role, already a member")
    @APIResponse(responseCode = "404", description = "No such company, or not one of the caller's")
    @APIResponse(responseCode = "503", description = "The e-mail could not be sent: no invitation was created, "
            + "try again later")
    public Response create(@RequestBody(required = true) @NotNull CreateInvitationRequest request, @Context UriInfo uri) {
        InvitationService.Created created = invitations.create(request);
        return created.token() == null ? Envelope.created(uri.getAbsolutePath(), created.invitation().id())
                : Envelope.created(uri.getAbsolutePath(),
                        new InvitationCreatedResponse(created.invitation().id(), created.token()));
    }

    @GET
    @Operation(operationId = "listInvitations", summary = "List invitations (never their tokens)",
            description = "CompanyId: that company's; without it, every company the caller administers.")
    @APIResponse(responseCode = "200", description = "entries")
    @APIResponse(responseCode = "400", description = "Malformed id, limit out of 1..1000 or negative offset")
    @APIResponse(responseCode = "404", description = "No such company, or not one of the caller's")
    public Envelope<Entries<InvitationView>> list(@QueryParam("CompanyId") UUID companyId, @QueryParam("limit") Integer limit,
                         @QueryParam("offset") Integer offset) {
        return Envelope.list(invitations.list(companyId, Page.of(limit, offset)));
    }

    @GET
    @Path("isEntryBelongsToCompany")
    @Operation(operationId = "checkInvitationBelongsToCompany", summary = "E20 Validate invitation company",
            description = "CompanyId (companyId) and UserInvitationId (invitationId) are required. result=false: "
                    + "the invitation exists but belongs to another company the caller may also see; an invitation "
                    + "of a company outside the caller's reach answers 404, like a missing one.")
    @APIResponse(responseCode = "200", description = "result: true or false")
    @APIResponse(responseCode = "400", description = "A parameter missing or malformed")
    @APIResponse(responseCode = "404", description = "No such invitation or company")
    public Envelope<InvitationCheckResponse> belongsToCompany(@QueryParam("CompanyId") UUID companyId,
                                     @QueryParam("UserInvitationId") @QueryAlias("invitationId") UUID invitationId) {
        return Envelope.ok(new InvitationCheckResponse(invitations.belongsToCompany(companyId, invitationId)));
    }
}
