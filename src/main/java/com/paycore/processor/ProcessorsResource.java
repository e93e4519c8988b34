package com.paycore.processor;

import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
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
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;

import com.paycore.platform.data.Page;
import com.paycore.platform.web.Envelope.Entries;
import com.paycore.platform.web.Envelope;

@Path("/adm/projectPaymentProcessors")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "Payment processors")
public class ProcessorsResource {

    @Inject
    ProcessorService processors;

    @POST
    @Operation(operationId = "createPaymentProcessor", summary = "Create a payment processor configuration",
            description = "companyProjectId, projectPaymentProcessorName (at most 100), gateway (1 = Simulator, 2 = "
                    + "ISO 8583 acquirer; other values are unsupported), paymentType (1 = CreditCard), isActive "
                    + "(default true), settings (a JSON object; write-only, stored encrypted, never returned; gateway 2 "
                    + "requires host, port, terminalId, acquirerId and accepts tls, tlsTrustedCertificatePem, timeoutMs, "
                    + "connections).")
    @APIResponse(responseCode = "201", description = "Created; the envelope carries id",
            content = @Content(schema = @Schema(implementation = Envelope.Created.class)))
    @APIResponse(responseCode = "400", description = "Missing fields, unsupported gateway or payment type, gateway 2 "
            + "settings missing or bad (the message names the field)")
    @APIResponse(responseCode = "403", description = "Not an Admin of the project's company")
    @APIResponse(responseCode = "404", description = "No such project (or not the caller's)")
    public Response create(@RequestBody(required = true) @NotNull ProcessorRequest request, @Context UriInfo uri) {
        return Envelope.created(uri.getAbsolutePath(), processors.create(request).id());
    }

    @GET
    @Operation(operationId = "listPaymentProcessors", summary = "E15 Get payment processor configurations",
            description = "CompanyProjectId, Id, isActive, limit, offset. Deleted configurations never appear; settings "
                    + "are never answered. Company Users see the processors of projects assigned to them.")
    @APIResponse(responseCode = "200", description = "entries")
    @APIResponse(responseCode = "400", description = "Malformed parameter, limit out of 1..1000 or negative offset")
    @APIResponse(responseCode = "404", description = "CompanyProjectId names a project the caller cannot see")
    public Envelope<Entries<ProcessorView>> list(@QueryParam("CompanyProjectId") UUID projectId, @QueryParam("Id") UUID id,
                         @QueryParam("isActive") Boolean active, @QueryParam("limit") Integer limit,
                         @QueryParam("offset") Integer offset) {
        return Envelope.list(processors.list(projectId, id, active, Page.of(limit, offset)));
    }

    @PUT
    @Path("{id}")
    @Operation(operationId = "updatePaymentProcessor", summary = "Update a payment processor configuration",
            description = "Fields left out keep their value; settings, when given, replace the stored ones.")
    @APIResponse(responseCode = "200", description = "Updated")
    @APIResponse(responseCode = "400", description = "Validation failure, unsupported gateway or payment type, body id "
            + "differing from the path id")
    @APIResponse(responseCode = "403", description = "Not an Admin of the project's company")
    @APIResponse(responseCode = "404", description = "No such (or deleted) configuration, or not the caller's")
    public Envelope update(@PathParam("id") UUID id, @RequestBody(required = true) @NotNull ProcessorRequest request) {
        processors.update(id, request);
        return Envelope.ok();
    }

    @DELETE
    @Path("{id}")
    @Operation(operationId = "deletePaymentProcessor", summary = "E19 Delete payment processor configuration (soft)",
            description = "Checked in this order: unknown or already deleted 404; the project's only active processor "
                    + "while it has open (Approved or Captured) transactions 409; the only active processor, or the "
                    + "last processor, of an active project 400; otherwise deleted: hidden from every query, kept for "
                    + "history and for the transactions that reference it, never reactivated.")
    @APIResponse(responseCode = "200", description = "Deleted")
    @APIResponse(responseCode = "400", description = "Invalid id, the only active or the last processor of an active project")
    @APIResponse(responseCode = "403", description = "Not an Admin of the project's company")
    @APIResponse(responseCode = "404", description = "No such or already deleted configuration, or not the caller's")
    @APIResponse(responseCode = "409", description = "The only active processor of a project with open transactions")
    public Envelope delete(@PathParam("id") UUID id) {
        processors.delete(id);
        return Envelope.ok();
    }
}
