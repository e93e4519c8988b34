package com.paycore.chargeback;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
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
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import com.paycore.platform.web.Answer;
import com.paycore.platform.web.Envelope;
import com.paycore.transaction.Money;

@Path("/adm/chargebacks")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "Chargebacks")
@SecurityRequirement(name = "bearer")
@APIResponse(responseCode = "401", description = "Missing, invalid or expired token, or inactive user")
public class AdminChargebacksResource {

    @Inject
    ChargebackService chargebacks;

    @POST
    @Answer(id = true, extra = @Answer.Field(name = "chargebackId", type = UUID.class), entry = ChargebackView.class)
    @Operation(operationId = "recordChargeback",
            summary = "Record a chargeback from a processor (platform administrators)",
            description = "transactionId (a captured transaction), amount (default and at most the captured amount), "
                    + "reason, reasonCode, chargebackDate (default now), respondByDate (default chargebackDate + 10 "
                    + "days). The chargeback starts Pending; the transaction gets a Chargeback event (its status does "
                    + "not change). Answers id (the chargebackId) and entry.")
    @APIResponse(responseCode = "201", description = "Created: id, entry")
    @APIResponse(responseCode = "400", description = "Missing transactionId, transaction never captured, amount "
            + "invalid or above the captured amount, malformed dates, respondByDate before chargebackDate")
    @APIResponse(responseCode = "403", description = "Not a platform administrator")
    @APIResponse(responseCode = "404", description = "No such transaction")
    public Response record(@NotNull RecordChargebackRequest request, @Context UriInfo uri) {
        ChargebackView chargeback = chargebacks.record(request);
        return Envelope.created(uri.getAbsolutePath(), chargeback.chargebackId(),
                Envelope.ok().with("chargebackId", chargeback.chargebackId()).with("entry", chargeback));
    }

    @POST
    @Path("{chargebackId}/resolve")
    @Answer(entry = ChargebackView.class)
    @Operation(operationId = "resolveChargeback", summary = "Resolve a disputed chargeback (platform administrators)",
            description = "outcome Won or Lost: Disputed -> Won | Lost.")
    @APIResponse(responseCode = "200", description = "entry")
    @APIResponse(responseCode = "400", description = "Malformed id, outcome not Won or Lost, chargeback not Disputed")
    @APIResponse(responseCode = "403", description = "Not a platform administrator")
    @APIResponse(responseCode = "404", description = "No such chargeback")
    public Envelope resolve(@PathParam("chargebackId") UUID chargebackId, @NotNull ResolveRequest request) {
        return Envelope.entry(chargebacks.resolve(chargebackId, request.outcome));
    }

    @POST
    @Path("autoAcceptance/run")
    @Answer(extra = @Answer.Field(name = "accepted", type = Integer.class, description = "Chargebacks accepted in this run"))
    @Operation(operationId = "runChargebackAutoAcceptance",
            summary = "Accept overdue chargebacks now (platform administrators)",
            description = "Accepts every Pending chargeback whose respondByDate has passed, as the periodic job "
                    + "(payments.chargebacks.auto-accept-interval-seconds) does. Answers accepted (how many).")
    @APIResponse(responseCode = "200", description = "accepted")
    @APIResponse(responseCode = "403", description = "Not a platform administrator")
    public Envelope autoAccept() {
        return Envelope.ok().with("accepted", chargebacks.acceptOverdueNow());
    }

    /** A chargeback as E2 and the chargeback operations answer it. */
    public record ChargebackView(UUID chargebackId, UUID transactionId, UUID projectId, BigDecimal amount, String currency,
                                 String reason, String reasonCode, OffsetDateTime chargebackDate,
                                 OffsetDateTime respondByDate, String status, String evidence, boolean acceptedAutomatically,
                                 OffsetDateTime resolvedDate, OffsetDateTime createdDate) {

        static ChargebackView of(Chargeback c) {
            return new ChargebackView(c.id(), c.transactionId(), c.projectId(), Money.scaled(c.amount(), c.currency()),
                    c.currency(), c.reason(), c.reasonCode(), c.chargebackDate(), c.respondByDate(), c.status().name(),
                    c.evidence(), c.acceptedAutomatically(), c.resolvedAt(), c.createdAt());
        }
    }

    /** A chargeback a processor reported (DESIGN.md section 9). */
    public static class RecordChargebackRequest {

        @Schema(required = true)
        public UUID transactionId;
        @NotNull
        @Schema(required = true, description = "Major units, positive, at most the captured amount")
        public BigDecimal amount;
        @Size(max = 250)
        public String reason;
        @Size(max = 10)
        @Schema(description = "The card network's reason code, e.g. 10.4")
        public String reasonCode;
        @Schema(description = "ISO 8601; default now; without an offset read as UTC")
        public String chargebackDate;
        @Schema(description = "ISO 8601; default chargebackDate + 10 days; a Pending chargeback is accepted automatically once it passes")
        public String respondByDate;
    }

    /** The processor's decision on a disputed chargeback. */
    public static class ResolveRequest {

        @Schema(required = true, enumeration = {"Won", "Lost"})
        public String outcome;
    }
}
