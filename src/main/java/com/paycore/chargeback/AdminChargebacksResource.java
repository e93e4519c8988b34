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

import com.paycore.platform.web.Envelope.Entry;
import com.paycore.platform.web.Envelope;

@Path("/adm/chargebacks")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "Chargebacks")
public class AdminChargebacksResource {

    @Inject
    ChargebackService chargebacks;

    @POST
    @Operation(operationId = "recordChargeback",
            summary = "Record a chargeback from a processor (platform administrators)",
            description = "transactionId (a captured transaction), amount (default and at most the captured amount), "
                    + "reason, reasonCode, chargebackDate (default now), respondByDate (default chargebackDate + 10 "
                    + "days). The chargeback starts Pending; the transaction gets a Chargeback event (its status does "
                    + "not change). Answers id (the chargebackId) and entry.")
    @APIResponse(responseCode = "201", description = "Created: id, entry",
            content = @Content(schema = @Schema(implementation = RecordedChargebackResponse.class)))
    @APIResponse(responseCode = "400", description = "Missing transactionId, transaction never captured, amount "
            + "invalid or above the captured amount, malformed dates, respondByDate before chargebackDate")
    @APIResponse(responseCode = "403", description = "Not a platform administrator")
    @APIResponse(responseCode = "404", description = "No such transaction")
    public Response record(@RequestBody(required = true) @NotNull RecordChargebackRequest request, @Context UriInfo uri) {
        ChargebackView chargeback = chargebacks.record(request);
        return Envelope.created(uri.getAbsolutePath(), RecordedChargebackResponse.of(chargeback));
    }

    @POST
    @Path("{chargebackId}/resolve")
    @Operation(operationId = "resolveChargeback", summary = "Resolve a disputed chargeback (platform administrators)",
            description = "outcome Won or Lost: Disputed -> Won | Lost.")
    @APIResponse(responseCode = "200", description = "entry")
    @APIResponse(responseCode = "400", description = "Malformed id, outcome not Won or Lost, chargeback not Disputed")
    @APIResponse(responseCode = "403", description = "Not a platform administrator")
    @APIResponse(responseCode = "404", description = "No such chargeback")
    public Envelope<Entry<ChargebackView>> resolve(@PathParam("chargebackId") UUID chargebackId, @RequestBody(required = true) @NotNull ResolveRequest request) {
        return Envelope.entry(chargebacks.resolve(chargebackId, request.outcome));
    }

    @POST
    @Path("autoAcceptance/run")
    @Operation(operationId = "runChargebackAutoAcceptance",
            summary = "Accept overdue chargebacks now (platform administrators)",
            description = "Accepts every Pending chargeback whose respondByDate has passed, as the periodic job "
                    + "(payments.chargebacks.auto-accept-interval-seconds) does. Answers accepted (how many).")
    @APIResponse(responseCode = "200", description = "accepted")
    @APIResponse(responseCode = "403", description = "Not a platform administrator")
    public Envelope<AutoAcceptanceResponse> autoAccept() {
        return Envelope.ok(new AutoAcceptanceResponse(chargebacks.acceptOverdueNow()));
    }
}
