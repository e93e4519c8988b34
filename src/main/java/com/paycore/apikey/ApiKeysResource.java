package com.paycore.apikey;

import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameters;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import com.paycore.platform.data.Page;
import com.paycore.platform.input.QueryAlias;
import com.paycore.platform.web.Envelope.Entries;
import com.paycore.platform.web.Envelope.Entry;
import com.paycore.platform.web.Envelope;

@Path("/adm/companyProjectKeys")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "Project API keys")
@APIResponse(responseCode = "403", description = "Not an Admin of the project's company")
public class ApiKeysResource {

    @Inject
    ApiKeyService keys;

    @Inject
    KeyExpiryNotices expiryNotices;

    @POST
    @Path("expiryNotices/run")
    @Operation(operationId = "runApiKeyExpiryNotices", summary = "Record api_key.expiring events now",
            description = "Platform administrators. For every active key that stops working within 14 days (its "
                    + "expirationDate, or an earlier deactivationDate) while no other key of its project works beyond "
                    + "that moment, records one api_key.expiring event (the key entry, masked; once per key and end "
                    + "of validity). The same runs every payments.keys.expiry-notice-interval-seconds (default 3600) "
                    + "on every instance. Answers noticed: how many events this run recorded.")
    @APIResponse(responseCode = "200", description = "noticed")
    @APIResponse(responseCode = "403", description = "Not a platform administrator")
    public Envelope<KeyNoticesResponse> noticeExpiringKeys() {
        return Envelope.ok(new KeyNoticesResponse(expiryNotices.runNow()));
    }

    @POST
    @Operation(operationId = "createApiKey", summary = "Create a project API key",
            description = "companyProjectId, type (TransactionRSAKey or FileContentPGPKey), name, description, "
                    + "expirationDate (default one year ahead). The value is shown only by E12; a TransactionRSAKey "
                    + "holds an RSA key pair, a FileContentPGPKey an OpenPGP key pair (public halves listed).")
    @APIResponse(responseCode = "201", description = "Created; the envelope carries id",
            content = @Content(schema = @Schema(implementation = Envelope.Created.class)))
    @APIResponse(responseCode = "400", description = "Unknown type, expirationDate in the past, validation failure")
    @APIResponse(responseCode = "404", description = "No such project (or not the caller's)")
    public Response create(@RequestBody(required = true) @NotNull CreateApiKeyRequest request, @Context UriInfo uri) {
        return Envelope.created(uri.getAbsolutePath(), keys.create(request).id());
    }

    @GET
    @Operation(operationId = "listApiKeys", summary = "List a project's keys (masked)",
            description = "CompanyProjectId (required), Type, isActive. Entries: id, companyProjectId, type, name, "
                    + "description, isActive, expirationDate, deactivationDate, createdDate, maskedValue (last 4 "
                    + "characters), publicKey (PEM, or ASCII-armored OpenPGP). Never the value or a private key.")
    @APIResponse(responseCode = "200", description = "entries")
    @APIResponse(responseCode = "400", description = "CompanyProjectId missing or malformed, unknown Type")
    @APIResponse(responseCode = "404", description = "No such project (or not the caller's)")
    public Envelope<Entries<ApiKeyView>> list(@QueryParam("CompanyProjectId") UUID projectId, @QueryParam("Type") String type,
                         @QueryParam("isActive") Boolean active, @QueryParam("limit") Integer limit,
                         @QueryParam("offset") Integer offset) {
        return Envelope.list(keys.list(projectId, type, active, Page.of(limit, offset)));
    }

    @PUT
    @Path("{id}")
    @Operation(operationId = "updateApiKey", summary = "E6 Update API key metadata",
            description = "name, description, isActive, expirationDate, deactivationDate; fields left out keep their "
                    + "value; isActive=true also clears a deactivationDate. The key value never changes. A deactivated "
                    + "key (isActive=false, or a deactivationDate in the past) stops authenticating at once; the "
                    + "project's last usable key cannot be deactivated, also under concurrent requests.")
    @APIResponse(responseCode = "200", description = "Updated")
    @APIResponse(responseCode = "400", description = "Deactivating the last active key, validation failure, body id "
            + "differing from the path id")
    @APIResponse(responseCode = "404", description = "No such key (or not the caller's)")
    public Envelope update(@PathParam("id") UUID id, @RequestBody(required = true) @NotNull UpdateApiKeyRequest request) {
        keys.update(id, request);
        return Envelope.ok();
    }

    @GET
    @Path("actual")
    @Operation(operationId = "revealApiKey", summary = "E12 Get unmasked API key value",
            description = "keyId (required); CompanyProjectId and Type, when given, must match the key. Answers entry: "
                    + "the key entry plus keyValue. Platform administrators and the company's Admins only; every "
                    + "reveal is audited; the value is never logged and the answer is marked no-store.")
    @APIResponse(responseCode = "200", description = "entry with keyValue")
    @APIResponse(responseCode = "400", description = "keyId missing or malformed")
    @APIResponse(responseCode = "404", description = "No such key, or not of the given project or type")
    @Parameters({@Parameter(name = "keyId", in = ParameterIn.QUERY),
            @Parameter(name = "CompanyProjectId", in = ParameterIn.QUERY), @Parameter(name = "Type", in = ParameterIn.QUERY)})
    public Envelope<Entry<ApiKeyView.Revealed>> reveal(@QueryParam("keyId") @QueryAlias("Id") UUID keyId,
                           @QueryParam("CompanyProjectId") UUID projectId, @QueryParam("Type") String type) {
        return Envelope.entry(keys.reveal(keyId, projectId, type));
    }
}
