package com.paycore.cardfile;

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
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import com.paycore.platform.data.Page;
import com.paycore.platform.web.Envelope;
import com.paycore.platform.web.Envelope.Entries;
import com.paycore.platform.web.Envelope.Entry;

@Path("/adm/cardFileSigners")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "Card file signers")
public class CardFileSignersResource {

    @Inject
    CardFileSignerService signers;

    @POST
    @Operation(operationId = "createCardFileSigner", summary = "Add a signer of a project's card files",
            description = "companyProjectId, publicKey (an ASCII-armored OpenPGP version 4 public key, at most 64 KiB, "
                    + "with a key or subkey that has the sign flag and is neither expired nor revoked). While a project "
                    + "has a signer, every card file of it must be signed by one of its signers. Audited "
                    + "(CardFileSignerAdded, with the fingerprint).")
    @APIResponse(responseCode = "201", description = "Added; the envelope carries id and the entry's fields",
            content = @Content(schema = @Schema(implementation = CardFileSignerView.class)))
    @APIResponse(responseCode = "400", description = "companyProjectId missing; publicKey missing, longer than 64 KiB, "
            + "not an armored OpenPGP public key, a secret key block, unable to sign, or already a signer of the project")
    @APIResponse(responseCode = "403", description = "Not an Admin of the project's company")
    @APIResponse(responseCode = "404", description = "No such project (or not the caller's)")
    public Response create(@RequestBody(required = true) @NotNull CardFileSignerRequest request, @Context UriInfo uri) {
        return Envelope.created(uri.getAbsolutePath(), signers.add(request));
    }

    @GET
    @Operation(operationId = "listCardFileSigners", summary = "List the signers of card files",
            description = "CompanyProjectId, Id, limit, offset; oldest first. Each entry carries the key's fingerprint "
                    + "(40 upper-case hex digits). Company Users see the signers of projects assigned to them.")
    @APIResponse(responseCode = "200", description = "entries")
    @APIResponse(responseCode = "400", description = "Malformed parameter, limit out of 1..1000 or negative offset")
    @APIResponse(responseCode = "404", description = "CompanyProjectId names a project the caller cannot see")
    public Envelope<Entries<CardFileSignerView>> list(@QueryParam("CompanyProjectId") UUID projectId,
                                                      @QueryParam("Id") UUID id, @QueryParam("limit") Integer limit,
                                                      @QueryParam("offset") Integer offset) {
        return Envelope.list(signers.list(projectId, id, Page.of(limit, offset)));
    }

    @GET
    @Path("{id}")
    @Operation(operationId = "getCardFileSigner", summary = "Get a signer of card files")
    @APIResponse(responseCode = "200", description = "entry")
    @APIResponse(responseCode = "400", description = "Invalid id")
    @APIResponse(responseCode = "404", description = "No such signer, or not the caller's")
    public Envelope<Entry<CardFileSignerView>> get(@PathParam("id") UUID id) {
        return Envelope.entry(signers.get(id));
    }

    @DELETE
    @Path("{id}")
    @Operation(operationId = "deleteCardFileSigner", summary = "Remove a signer of card files",
            description = "The project's files are no longer checked against this key; without any signer left, "
                    + "signed and unsigned files are both read. Audited (CardFileSignerRemoved, with the fingerprint).")
    @APIResponse(responseCode = "200", description = "Removed")
    @APIResponse(responseCode = "400", description = "Invalid id")
    @APIResponse(responseCode = "403", description = "Not an Admin of the project's company")
    @APIResponse(responseCode = "404", description = "No such signer, or not the caller's")
    public Envelope delete(@PathParam("id") UUID id) {
        signers.remove(id);
        return Envelope.ok();
    }
}
