package com.paycore.cardfile;

import java.io.InputStream;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.UriInfo;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import com.paycore.access.ProjectCaller;
import com.paycore.idempotency.Idempotent;
import com.paycore.idempotency.StreamedClaims;
import com.paycore.platform.data.Page;
import com.paycore.platform.web.AppException;
import com.paycore.platform.web.Envelope;
import com.paycore.platform.web.Envelope.Entries;
import com.paycore.platform.web.Envelope.Entry;
import com.paycore.platform.web.ErrorCode;
import com.paycore.platform.web.ErrorResponses;

/** Card files (DESIGN.md section 13): a project's card book, sent as OpenPGP messages, and what became of each row. */
@Path("/pay/{projectId}/cardFiles")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Payments")
public class CardFilesResource {

    static final String PGP_ENCRYPTED = "application/pgp-encrypted";

    @Inject
    CardFileService files;

    @Inject
    ProjectCaller caller;

    @Inject
    StreamedClaims claims;

    @POST
    @Idempotent(streamed = true)
    @Parameter(name = Idempotent.KEY, in = ParameterIn.HEADER, description = Idempotent.KEY_DESCRIPTION,
            schema = @Schema(type = SchemaType.STRING, maxLength = 255))
    @Consumes(MediaType.WILDCARD)
    @Operation(operationId = "importCardFile", summary = "Import a card file",
            description = "The body is one OpenPGP message (binary or ASCII-armored) encrypted to an active "
                    + "FileContentPGPKey of the project, holding a UTF-8 CSV card book (DESIGN.md section 13). It is "
                    + "streamed into the database as it arrives and processed in the background: 202 with the file's "
                    + "id and runId; follow it at Location. Optional query name (at most 200 characters).")
    @APIResponse(responseCode = "202", description = "Received; processing follows")
    @APIResponse(responseCode = "400", description = "Empty body, not an OpenPGP message, name too long, inactive "
            + "project or company")
    @APIResponse(responseCode = "413", description = "Larger than payments.card-files.max-bytes; nothing stored")
    @APIResponse(responseCode = "415", description = "Content-Type other than application/pgp-encrypted or "
            + "application/octet-stream")
    public Response receive(@PathParam("projectId") UUID projectId, @QueryParam("name") String name,
                            @HeaderParam(HttpHeaders.CONTENT_LENGTH) Long length,
                            @HeaderParam(HttpHeaders.CONTENT_TYPE) MediaType type,
                            @RequestBody(required = true, content = @Content(mediaType = PGP_ENCRYPTED,
                                    schema = @Schema(type = SchemaType.STRING, format = "binary"))) InputStream body,
                            @Context UriInfo uri) {
        if (type == null || !(type.isCompatible(MediaType.valueOf(PGP_ENCRYPTED))
                || type.isCompatible(MediaType.APPLICATION_OCTET_STREAM_TYPE)) || type.isWildcardType()) {
            return Response.fromResponse(ErrorResponses.of(ErrorCode.UNSUPPORTED_MEDIA_TYPE.status(),
                    "Content-Type must be " + PGP_ENCRYPTED + " or " + MediaType.APPLICATION_OCTET_STREAM))
                    .header("Connection", "close").build();
        }
        CardFileUploadResponse received;
        try {
            // with an Idempotency-Key, the answer is stored in the upload's transaction, with the body's fingerprint
            received = files.receive(caller.requireTransacting(), name, length, body,
                    (session, file) -> claims.answer(session, accepted(file, uri)));
        } catch (AppException e) {
            if (e.code() == ErrorCode.BODY_TOO_LARGE) {
                // answered at once; closing the connection spares reading the rest of the body
                return Response.fromResponse(e.getResponse()).header("Connection", "close").build();
            }
            throw e;
        }
        return accepted(received, uri);
    }

    private static Response accepted(CardFileUploadResponse received, UriInfo uri) {
        return Response.accepted(Envelope.ok(received))
                .location(uri.getAbsolutePathBuilder().path(received.id().toString()).build()).build();
    }

    @GET
    @Operation(operationId = "listCardFiles", summary = "List the project's card files, newest first",
            description = "limit (default 20, at most 1000), offset.")
    @APIResponse(responseCode = "200", description = "entries")
    public Envelope<Entries<CardFileView>> list(@PathParam("projectId") UUID projectId,
                                                @QueryParam("limit") Integer limit,
                                                @QueryParam("offset") Integer offset) {
        return Envelope.list(files.list(caller.projectId(), Page.of(limit, offset)));
    }

    @GET
    @Path("{id}")
    @Operation(operationId = "getCardFile", summary = "Get a card file: its state and counts")
    @APIResponse(responseCode = "200", description = "entry")
    @APIResponse(responseCode = "404", description = "No such card file in this project")
    public Envelope<Entry<CardFileView>> get(@PathParam("projectId") UUID projectId, @PathParam("id") UUID id) {
        return Envelope.entry(files.get(caller.projectId(), id));
    }

    @GET
    @Path("{id}/results")
    @Produces({"text/csv", MediaType.APPLICATION_JSON})
    @Operation(operationId = "getCardFileResults", summary = "The outcome of each row of a card file, as CSV",
            description = "A header line, then row,reference,outcome,tokenId,paymentToken,last4,ccType,"
                    + "expirationMonth,expirationYear,error in row order; no card number.")
    @APIResponse(responseCode = "200", description = "text/csv")
    @APIResponse(responseCode = "404", description = "No such card file in this project")
    public Response results(@PathParam("projectId") UUID projectId, @PathParam("id") UUID id) {
        UUID project = caller.projectId();
        files.requireFile(project, id);
        StreamingOutput csv = out -> files.writeResults(project, id, out);
        return Response.ok(csv, "text/csv; charset=UTF-8")
                .header("Content-Disposition", "attachment; filename=\"card-file-" + id + "-results.csv\"").build();
    }
}
