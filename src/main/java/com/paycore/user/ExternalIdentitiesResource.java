package com.paycore.user;

import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
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

import com.paycore.platform.web.Envelope.Entries;
import com.paycore.platform.web.Envelope;

/**
 * The links through which an external token issuer's subject reaches a user. Without one, that issuer's tokens are
 * refused (401), whatever e-mail they name. A link is made by the user presenting a token of the subject, or by a
 * platform administrator.
 */
@Path("/adm/users/{userId}/externalIdentities")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "Users")
@APIResponse(responseCode = "403", description = "Linking: neither a platform administrator nor the user themselves "
        + "with externalToken. Removing: not a platform administrator, the user, nor an Admin of a company of the user "
        + "that the issuer may speak for")
@APIResponse(responseCode = "404", description = "No such user, or not a user of a company the caller administers")
public class ExternalIdentitiesResource {

    @Inject
    ExternalIdentityService links;

    @POST
    @Operation(operationId = "createExternalIdentity", summary = "Link an external issuer's subject to the user",
            description = "issuer is the name of a configured external issuer (payments.jwt.external-issuers), subject "
                    + "the sub claim of its tokens for this user. A link is made from a token of the subject: the "
                    + "signed-in user presents a valid token of the issuer in externalToken (checked with the "
                    + "issuer's key and audience: its signature, iss, exp and aud), and the link is to that user, so "
                    + "the path's user must be the caller. Without externalToken only a platform administrator links "
                    + "(any user); anyone else is refused with 403. The issuer's tokens are accepted only for linked "
                    + "users who belong to one of its companies, and act only in those companies.")
    @APIResponse(responseCode = "201", description = "Linked; the envelope carries id",
            content = @Content(schema = @Schema(implementation = Envelope.Created.class)))
    @APIResponse(responseCode = "400", description = "Missing or too long field, an issuer that is not configured, a "
            + "subject of the issuer already linked, an externalToken that is not a valid token of the issuer or not "
            + "of the subject, or an issuer whose tokens this instance cannot check (no key or audience configured)")
    public Response create(@PathParam("userId") UUID userId, @RequestBody(required = true) @NotNull LinkRequest request, @Context UriInfo uri) {
        return Envelope.created(uri.getAbsolutePath(), links.link(userId, request).id());
    }

    @GET
    @Operation(operationId = "listExternalIdentities", summary = "The user's external identities")
    @APIResponse(responseCode = "200", description = "entries")
    public Envelope<Entries<ExternalIdentityView>> list(@PathParam("userId") UUID userId) {
        return Envelope.list(links.list(userId).stream().map(ExternalIdentityView::from).toList());
    }

    @DELETE
    @Path("{id}")
    @Operation(operationId = "deleteExternalIdentity", summary = "Remove a link",
            description = "The issuer's tokens for that subject are refused from the next request on.")
    @APIResponse(responseCode = "200", description = "Removed")
    public Envelope delete(@PathParam("userId") UUID userId,
                           @PathParam("id") UUID id) {
        links.unlink(userId, id);
        return Envelope.ok();
    }
}
