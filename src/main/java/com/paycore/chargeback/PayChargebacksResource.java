package com.paycore.chargeback;

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

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import com.paycore.access.ProjectCaller;
import com.paycore.idempotency.Idempotent;
import com.paycore.platform.input.OptionalBody;
import com.paycore.platform.web.Envelope.Entries;
import com.paycore.platform.web.Envelope.Entry;
import com.paycore.platform.web.Envelope;

@Path("/pay/{projectId}")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "Payments")
public class PayChargebacksResource {

    private static final String IDEMPOTENCY = " Honours Idempotency-Key (24 h, scoped to the project).";

    @Inject
    ChargebackService chargebacks;

    @Inject
    ProjectCaller caller;

    @POST
    @Path("chargeEvents/chargeback")
    @Idempotent
    @Parameter(name = Idempotent.KEY, in = ParameterIn.HEADER, description = Idempotent.KEY_DESCRIPTION,
            schema = @Schema(type = SchemaType.STRING, maxLength = 255))
    @Operation(operationId = "searchChargebacks", summary = "E2 Chargeback details",
            description = "startDate (required: chargebacks dated at or after it), offset (required, 0 or more), limit "
                    + "(required, 1 to 10000), isForAllProjectsInCompany (true: every project of the key's company), "
                    + "chargebackId, transactionId. Entries: chargebackId, transactionId, projectId, amount, currency, "
                    + "reason, reasonCode, chargebackDate, respondByDate, status, evidence, acceptedAutomatically, "
                    + "resolvedDate, createdDate; oldest first. A chargebackId or transactionId of another project of "
                    + "the company is 403 (unless isForAllProjectsInCompany), of another company or unknown 404; one of "
                    + "the project's transactions without chargebacks gives an empty list." + IDEMPOTENCY)
    @APIResponse(responseCode = "200", description = "entries")
    @APIResponse(responseCode = "400", description = "Missing startDate, offset or limit; limit outside 1 to 10000; "
            + "malformed ids or date")
    @APIResponse(responseCode = "403", description = "The chargeback or transaction belongs to another project of the company")
    @APIResponse(responseCode = "404", description = "No such chargeback or transaction in the company")
    public Envelope<Entries<ChargebackView>> search(@PathParam("projectId") UUID projectId, @RequestBody(required = true) @NotNull ChargebackSearchRequest request) {
        return Envelope.list(chargebacks.search(caller.projectId(), request));
    }

    @POST
    @Path("chargebacks/{chargebackId}/accept")
    @Idempotent
    @Parameter(name = Idempotent.KEY, in = ParameterIn.HEADER, description = Idempotent.KEY_DESCRIPTION,
            schema = @Schema(type = SchemaType.STRING, maxLength = 255))
    @OptionalBody
    @Operation(operationId = "acceptChargeback",
            summary = "Accept a chargeback", description = "Pending -> Accepted. No body." + IDEMPOTENCY)
    @APIResponse(responseCode = "200", description = "entry")
    @APIResponse(responseCode = "400", description = "Malformed id; the chargeback is not Pending")
    @APIResponse(responseCode = "404", description = "No such chargeback in this project")
    public Envelope<Entry<ChargebackView>> accept(@PathParam("projectId") UUID projectId, @PathParam("chargebackId") UUID chargebackId) {
        return Envelope.entry(chargebacks.accept(caller.projectId(), chargebackId));
    }

    @POST
    @Path("chargebacks/{chargebackId}/dispute")
    @Idempotent
    @Parameter(name = Idempotent.KEY, in = ParameterIn.HEADER, description = Idempotent.KEY_DESCRIPTION,
            schema = @Schema(type = SchemaType.STRING, maxLength = 255))
    @Operation(operationId = "disputeChargeback", summary = "Dispute a chargeback",
            description = "evidence (1 to 4000 characters): Pending -> Disputed, before respondByDate." + IDEMPOTENCY)
    @APIResponse(responseCode = "200", description = "entry")
    @APIResponse(responseCode = "400", description = "Malformed id; missing evidence; not Pending or past respondByDate")
    @APIResponse(responseCode = "404", description = "No such chargeback in this project")
    public Envelope<Entry<ChargebackView>> dispute(@PathParam("projectId") UUID projectId, @PathParam("chargebackId") UUID chargebackId,
                            @RequestBody(required = true) @NotNull DisputeRequest request) {
        return Envelope.entry(chargebacks.dispute(caller.projectId(), chargebackId, request.evidence));
    }
}
