package com.paycore.cardfile;

import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import jakarta.ws.rs.core.UriInfo;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import com.paycore.platform.web.Envelope;
import com.paycore.platform.web.Envelope.Entry;

@Path("/adm/cardExports")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "Card exports")
public class CardExportsResource {

    static final String PGP_ENCRYPTED = "application/pgp-encrypted";

    @Inject
    CardExportService exports;

    @POST
    @Operation(operationId = "createCardExport", summary = "Export a project's cards for another vault (a long run: 202)",
            description = "companyProjectId, recipientPublicKey (the ASCII-armored OpenPGP version 4 public key of the "
                    + "vault the cards go to, with a key or subkey that can encrypt, neither expired nor revoked). "
                    + "Platform administrators only. Writes every active token of the project as CSV (tokenId, "
                    + "paymentToken, reference, cardNumber, expirationMonth, expirationYear, cardholderName and the "
                    + "personAddress fields), compressed, signed by the project's newest usable FileContentPGPKey and "
                    + "encrypted to the recipient (AES-256, integrity protected). Answers 202 at once with the export's "
                    + "id and runId (Location: GET /api/adm/cardExports/{id}). One export of a company at a time: 409 "
                    + "names the running one. Audited (CardExportStarted, with the recipient key's fingerprint).")
    @APIResponse(responseCode = "202", description = "id, runId, state: the export started; Location is the export",
            content = @Content(schema = @Schema(implementation = CardExportStarted.class)))
    @APIResponse(responseCode = "400", description = "companyProjectId missing; recipientPublicKey missing, longer than "
            + "64 KiB, not an armored OpenPGP public key, a secret key block, or unable to encrypt (expired, revoked, "
            + "sign-only); the project has no usable FileContentPGPKey to sign with")
    @APIResponse(responseCode = "401", description = "Missing, invalid or expired token, or inactive user")
    @APIResponse(responseCode = "403", description = "Not a platform administrator")
    @APIResponse(responseCode = "404", description = "No such project")
    @APIResponse(responseCode = "409", description = "An export of the project's company is already running")
    public Response create(@RequestBody(required = true) @NotNull CardExportRequest request, @Context UriInfo uri) {
        CardExportStarted started = exports.start(request);
        return Response.accepted(Envelope.ok(started))
                .location(uri.getAbsolutePathBuilder().path(started.id().toString()).build()).build();
    }

    @GET
    @Path("{id}")
    @Operation(operationId = "getCardExport", summary = "Get a card export",
            description = "state (Running, Succeeded, Failed), runId, tokens, recipientFingerprint, expiresAt (24 hours "
                    + "after it succeeded), downloadedAt. Platform administrators only.")
    @APIResponse(responseCode = "200", description = "entry")
    @APIResponse(responseCode = "400", description = "Invalid id")
    @APIResponse(responseCode = "403", description = "Not a platform administrator")
    @APIResponse(responseCode = "404", description = "No such export")
    public Envelope<Entry<CardExportView>> get(@PathParam("id") UUID id) {
        return Envelope.entry(exports.get(id));
    }

    @GET
    @Path("{id}/file")
    @Produces({PGP_ENCRYPTED, MediaType.APPLICATION_JSON})
    @Operation(operationId = "downloadCardExport", summary = "Download a card export's file (once, within 24 hours)",
            description = "The binary OpenPGP message (application/pgp-encrypted), streamed. Platform administrators "
                    + "only. The first request takes it; the file is then deleted, and every later request is 410, as "
                    + "after the 24 hours. Audited (CardExportDownloaded, with the recipient key's fingerprint).")
    @APIResponse(responseCode = "200", description = "The OpenPGP message",
            content = @Content(mediaType = PGP_ENCRYPTED, schema = @Schema(type = org.eclipse.microprofile.openapi
                    .annotations.enums.SchemaType.STRING, format = "binary")))
    @APIResponse(responseCode = "400", description = "Invalid id")
    @APIResponse(responseCode = "403", description = "Not a platform administrator")
    @APIResponse(responseCode = "404", description = "No such export")
    @APIResponse(responseCode = "409", description = "The export is still Running, or Failed: there is no file")
    @APIResponse(responseCode = "410", description = "Downloaded already, or past its 24 hours: the file was deleted")
    public Response file(@PathParam("id") UUID id) {
        CardExportDownload download = exports.download(id);
        StreamingOutput body = out -> exports.stream(download, out);
        return Response.ok(body, PGP_ENCRYPTED)
                .header(HttpHeaders.CONTENT_DISPOSITION, "attachment; filename=\"" + download.fileName() + "\"")
                .header(HttpHeaders.CONTENT_LENGTH, download.bytes()).build();
    }
}
