package com.paycore.transaction;

import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
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
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import com.paycore.access.KeyCheckedByRead;
import com.paycore.access.ProjectCaller;
import com.paycore.idempotency.Idempotent;
import com.paycore.platform.data.Page;
import com.paycore.platform.input.OptionalBody;
import com.paycore.platform.web.Envelope.Entries;
import com.paycore.platform.web.Envelope;

@Path("/pay/{projectId}/transactions")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "Payments")
public class PayTransactionsResource {

    static final String IDEMPOTENCY = " Honours Idempotency-Key (24 h, scoped to the project): a repeat with the same "
            + "body answers the first answer again (header Idempotent-Replayed: true) with no second effect; a different "
            + "body is 400; a repeat while the first runs is 409.";

    @Inject
    TransactionService transactions;

    @Inject
    ProjectCaller caller;

    @POST
    @Idempotent
    @Parameter(name = Idempotent.KEY, in = ParameterIn.HEADER, description = Idempotent.KEY_DESCRIPTION,
            schema = @Schema(type = SchemaType.STRING, maxLength = 255))
    @Operation(operationId = "authorizePayment", summary = "Authorize or sale",
            description = "paymentToken (E10's value, or the token's id), amount (major units, positive, at most the "
                    + "currency's minor-unit digits), currency (ISO 4217, default USD), capture (true: a sale, "
                    + "authorized and captured at once; default false), orderId, description, email, ip, fingerprint, "
                    + "billingAddress (default: the token's personAddress), deliveryAddress, tags (label -> value). "
                    + "Goes to the project's active processor; the merchant credentials in force now stay with the "
                    + "transaction for its later moves. An approval answers 201 with id, status (Approved, or "
                    + "Captured for a sale), resultCode and entry (the transaction as E16 shows it). A decline or "
                    + "processor error is recorded too and answers 200 with success true, id and status Declined or "
                    + "Error: read status. A processor that does not answer within payments.processor.timeout-ms "
                    + "answers 202 with id and status Pending: the outcome is never guessed; the reconciliation job "
                    + "learns it (transaction.pending, then the final event), and until then the transaction cannot be "
                    + "captured, refunded or reversed." + IDEMPOTENCY)
    @APIResponse(responseCode = "201", description = "Approved: id, status, resultCode, entry",
            content = @Content(schema = @Schema(implementation = AuthorizationResponse.class)))
    @APIResponse(responseCode = "200", description = "Declined or processor error, recorded: id, status, resultCode, entry")
    @APIResponse(responseCode = "202", description = "The processor did not answer in time: id, status Pending, entry")
    @APIResponse(responseCode = "400", description = "Invalid amount or currency; unknown, deleted or disabled payment "
            + "token; inactive project or company; no active processor. Nothing is recorded.")
    @APIResponse(responseCode = "409", description = "The same Idempotency-Key is still being processed")
    public Response authorize(@PathParam("projectId") UUID projectId, @RequestBody(required = true) @Valid @NotNull TransactionRequest request,
                              @Context UriInfo uri) {
        TransactionService.Moved moved = transactions.authorize(caller.requireTransacting(), request);
        Response created = Envelope.created(uri.getAbsolutePath(), AuthorizationResponse.of(moved.transaction()));
        if (moved.event().eventResult().equals(EventResult.Approved.name())) {
            return created;
        }
        if (moved.event().eventResult().equals(EventResult.Pending.name())) {
            // The processor did not answer in time: recorded, its outcome to come (DESIGN.md section 11).
            return Response.accepted(created.getEntity()).location(created.getLocation()).build();
        }
        // Declined or processor error: recorded all the same, but not a create (DESIGN.md section 9).
        return Response.ok(created.getEntity()).build();
    }

    @GET
    @KeyCheckedByRead
    @Operation(operationId = "listTransactions", summary = "E16 Get transactions",
            description = "With id: that transaction (entries holds it, or nothing when it is not one of this "
                    + "project's). Without: the project's transactions, newest first, limit (default 20, at most 1000) "
                    + "and offset, optionally only those in status (Approved, Captured, Settled, PartiallyRefunded, "
                    + "Refunded, Reversed, Declined, Error, Pending). Entries: id, amount, currency, status, resultCode, "
                    + "maskedCardNumber, ccType, capturedAmount, refundedAmount, orderId, description, tags, "
                    + "createdDate, events (id, eventType, eventResult, resultCode, amount, date; in order).")
    @APIResponse(responseCode = "200", description = "entries")
    @APIResponse(responseCode = "400", description = "Malformed id, unknown status, limit or offset out of range")
    public Envelope<Entries<TransactionView>> list(@PathParam("projectId") UUID projectId, @QueryParam("id") UUID id,
                         @QueryParam("status") String status, @QueryParam("limit") Integer limit,
                         @QueryParam("offset") Integer offset) {
        return Envelope.list(transactions.list(caller, id, status, Page.of(limit, offset)));
    }

    @POST
    @Path("{id}/capture")
    @Idempotent
    @Parameter(name = Idempotent.KEY, in = ParameterIn.HEADER, description = Idempotent.KEY_DESCRIPTION,
            schema = @Schema(type = SchemaType.STRING, maxLength = 255))
    @OptionalBody
    @Operation(operationId = "capturePayment", summary = "Capture",
            description = "Body {\"amount\": n} for a partial capture, or {} (or none) for the whole authorized amount. "
                    + "Once, from Approved, at most the authorized amount. A processor that does not answer within "
                    + "payments.processor.timeout-ms answers 202 with eventResult Pending: the transaction stays as it "
                    + "was until the reconciliation job learns the outcome, and cannot be moved meanwhile." + IDEMPOTENCY)
    @APIResponse(responseCode = "200", description = "transactionId, captureId, status, amount, eventResult, resultCode, entry",
            content = @Content(schema = @Schema(implementation = CaptureResponse.class)))
    @APIResponse(responseCode = "202", description = "The processor did not answer in time: the same fields, eventResult "
            + "Pending, the transaction unchanged until the reconciliation job learns the outcome")
    @APIResponse(responseCode = "400", description = "Not Approved (already captured, reversed, declined...), or an "
            + "invalid amount or one above the authorized amount")
    @APIResponse(responseCode = "404", description = "No such transaction in this project")
    @APIResponse(responseCode = "409", description = "The same Idempotency-Key is still being processed")
    public Response capture(@PathParam("projectId") UUID projectId, @PathParam("id") UUID id, @Valid AmountRequest body) {
        TransactionService.Moved moved = transactions.capture(caller.projectId(), id, body == null ? null : body.amount);
        return answered(moved, CaptureResponse.of(moved));
    }

    @POST
    @Path("{id}/refund")
    @Idempotent
    @Parameter(name = Idempotent.KEY, in = ParameterIn.HEADER, description = Idempotent.KEY_DESCRIPTION,
            schema = @Schema(type = SchemaType.STRING, maxLength = 255))
    @OptionalBody
    @Operation(operationId = "refundPayment", summary = "Refund",
            description = "Body {\"amount\": n} for a partial refund, or {} (or none) for all that is not refunded yet. "
                    + "From Captured, Settled or PartiallyRefunded, repeatedly, up to the captured amount less refunds "
                    + "and less chargebacks that are Pending, Disputed, Accepted or Lost; "
                    + "settlement later settles each refund (RefundSettle). A processor that does not answer within "
                    + "payments.processor.timeout-ms answers 202 with eventResult Pending: the transaction stays as it "
                    + "was until the reconciliation job learns the outcome, and cannot be moved meanwhile." + IDEMPOTENCY)
    @APIResponse(responseCode = "200", description = "transactionId, refundId, status, amount, eventResult, resultCode, entry",
            content = @Content(schema = @Schema(implementation = RefundResponse.class)))
    @APIResponse(responseCode = "202", description = "The processor did not answer in time: the same fields, eventResult "
            + "Pending, the transaction unchanged until the reconciliation job learns the outcome")
    @APIResponse(responseCode = "400", description = "Not captured, already fully refunded, or an invalid amount or "
            + "one above what is left")
    @APIResponse(responseCode = "404", description = "No such transaction in this project")
    @APIResponse(responseCode = "409", description = "The same Idempotency-Key is still being processed")
    public Response refund(@PathParam("projectId") UUID projectId, @PathParam("id") UUID id, @Valid AmountRequest body) {
        TransactionService.Moved moved = transactions.refund(caller.projectId(), id, body == null ? null : body.amount);
        return answered(moved, RefundResponse.of(moved));
    }

    @POST
    @Path("{id}/reverse")
    @Idempotent
    @Parameter(name = Idempotent.KEY, in = ParameterIn.HEADER, description = Idempotent.KEY_DESCRIPTION,
            schema = @Schema(type = SchemaType.STRING, maxLength = 255))
    @Operation(operationId = "reverseAuthorization", summary = "Reverse an authorization",
            description = "No body. Only an Approved (authorized, not captured) transaction, at most once. A "
                    + "processor that does not answer within payments.processor.timeout-ms answers 202 with "
                    + "eventResult Pending: the transaction stays Approved until the reconciliation job learns the "
                    + "outcome, and cannot be moved meanwhile." + IDEMPOTENCY)
    @APIResponse(responseCode = "200", description = "transactionId, reversalId, status (Reversed), message, entry",
            content = @Content(schema = @Schema(implementation = ReversalResponse.class)))
    @APIResponse(responseCode = REVERSAL_PENDING_STATUS, description = REVERSAL_PENDING)
    @APIResponse(responseCode = "400", description = "Captured, already reversed, declined or in error")
    @APIResponse(responseCode = "404", description = "No such transaction in this project")
    @APIResponse(responseCode = "409", description = "The same Idempotency-Key is still being processed")
    public Response reverse(@PathParam("projectId") UUID projectId, @PathParam("id") UUID id) {
        TransactionService.Moved moved = transactions.reverse(caller.projectId(), id);
        return answered(moved, ReversalResponse.of(moved));
    }

    static final String REVERSAL_PENDING_STATUS = "202";
    static final String REVERSAL_PENDING = "The processor did not answer in time: the same fields, eventResult "
            + "Pending, the transaction Approved until the reconciliation job learns the outcome";

    /**
     * A move's answer: 200, or 202 when its processor call timed out (a Pending event for the move, its outcome
     * to come from the reconciliation job; DESIGN.md sections 11 and 12). The body is the same either way.
     */
    static Response answered(TransactionService.Moved moved, Record body) {
        boolean pending = moved.event().eventResult().equals(EventResult.Pending.name());
        Envelope<Record> answer = Envelope.ok(body);
        return (pending ? Response.accepted(answer) : Response.ok(answer)).build();
    }
}
