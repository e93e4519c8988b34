package com.paycore.transaction;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
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
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import com.paycore.access.ProjectCaller;
import com.paycore.idempotency.Idempotent;
import com.paycore.platform.data.Page;
import com.paycore.platform.input.OptionalBody;
import com.paycore.platform.web.Answer;
import com.paycore.platform.web.Envelope;
import com.paycore.vault.Address;

@Path("/pay/{projectId}/transactions")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "Payments")
@APIResponse(responseCode = "401", description = "Missing, unknown, inactive or expired API key, or a key of another project")
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
    @Answer(id = true, fields = AuthorizationAnswer.class)
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
    @APIResponse(responseCode = "201", description = "Approved: id, status, resultCode, entry")
    @APIResponse(responseCode = "200", description = "Declined or processor error, recorded: id, status, resultCode, entry")
    @APIResponse(responseCode = "202", description = "The processor did not answer in time: id, status Pending, entry")
    @APIResponse(responseCode = "400", description = "Invalid amount or currency; unknown, deleted or disabled payment "
            + "token; inactive project or company; no active processor. Nothing is recorded.")
    @APIResponse(responseCode = "409", description = "The same Idempotency-Key is still being processed")
    public Response authorize(@PathParam("projectId") UUID projectId, @Valid @NotNull TransactionRequest request,
                              @Context UriInfo uri) {
        TransactionService.Moved moved = transactions.authorize(caller.requireTransacting(), request);
        TransactionView transaction = moved.transaction();
        Envelope fields = Envelope.ok().with("status", transaction.status())
                .with("resultCode", transaction.resultCode()).with("entry", transaction);
        Response created = Envelope.created(uri.getAbsolutePath(), transaction.id(), fields);
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
    @Answer(entries = TransactionView.class)
    @Operation(operationId = "listTransactions", summary = "E16 Get transactions",
            description = "With id: that transaction (entries holds it, or nothing when it is not one of this "
                    + "project's). Without: the project's transactions, newest first, limit (default 20, at most 1000) "
                    + "and offset, optionally only those in status (Approved, Captured, Settled, PartiallyRefunded, "
                    + "Refunded, Reversed, Declined, Error, Pending). Entries: id, amount, currency, status, resultCode, "
                    + "maskedCardNumber, ccType, capturedAmount, refundedAmount, orderId, description, tags, "
                    + "createdDate, events (id, eventType, eventResult, resultCode, amount, date; in order).")
    @APIResponse(responseCode = "200", description = "entries")
    @APIResponse(responseCode = "400", description = "Malformed id, unknown status, limit or offset out of range")
    public Envelope list(@PathParam("projectId") UUID projectId, @QueryParam("id") UUID id,
                         @QueryParam("status") String status, @QueryParam("limit") Integer limit,
                         @QueryParam("offset") Integer offset) {
        return Envelope.list(transactions.list(caller.projectId(), id, status, Page.of(limit, offset)));
    }

    @POST
    @Path("{id}/capture")
    @Idempotent
    @OptionalBody
    @Answer(fields = CaptureAnswer.class)
    @Operation(operationId = "capturePayment", summary = "Capture",
            description = "Body {\"amount\": n} for a partial capture, or {} (or none) for the whole authorized amount. "
                    + "Once, from Approved, at most the authorized amount. A processor that does not answer within "
                    + "payments.processor.timeout-ms answers 202 with eventResult Pending: the transaction stays as it "
                    + "was until the reconciliation job learns the outcome, and cannot be moved meanwhile." + IDEMPOTENCY)
    @APIResponse(responseCode = "200", description = "transactionId, captureId, status, amount, eventResult, resultCode, entry")
    @APIResponse(responseCode = "202", description = "The processor did not answer in time: the same fields, eventResult "
            + "Pending, the transaction unchanged until the reconciliation job learns the outcome")
    @APIResponse(responseCode = "400", description = "Not Approved (already captured, reversed, declined...), or an "
            + "invalid amount or one above the authorized amount")
    @APIResponse(responseCode = "404", description = "No such transaction in this project")
    @APIResponse(responseCode = "409", description = "The same Idempotency-Key is still being processed")
    public Response capture(@PathParam("projectId") UUID projectId, @PathParam("id") UUID id, @Valid AmountRequest body) {
        return answered(transactions.capture(caller.projectId(), id, body == null ? null : body.amount), "captureId");
    }

    @POST
    @Path("{id}/refund")
    @Idempotent
    @OptionalBody
    @Answer(fields = RefundAnswer.class)
    @Operation(operationId = "refundPayment", summary = "Refund",
            description = "Body {\"amount\": n} for a partial refund, or {} (or none) for all that is not refunded yet. "
                    + "From Captured, Settled or PartiallyRefunded, repeatedly, up to the captured amount less refunds "
                    + "and less chargebacks that are Pending, Disputed, Accepted or Lost; "
                    + "settlement later settles each refund (RefundSettle). A processor that does not answer within "
                    + "payments.processor.timeout-ms answers 202 with eventResult Pending: the transaction stays as it "
                    + "was until the reconciliation job learns the outcome, and cannot be moved meanwhile." + IDEMPOTENCY)
    @APIResponse(responseCode = "200", description = "transactionId, refundId, status, amount, eventResult, resultCode, entry")
    @APIResponse(responseCode = "202", description = "The processor did not answer in time: the same fields, eventResult "
            + "Pending, the transaction unchanged until the reconciliation job learns the outcome")
    @APIResponse(responseCode = "400", description = "Not captured, already fully refunded, or an invalid amount or "
            + "one above what is left")
    @APIResponse(responseCode = "404", description = "No such transaction in this project")
    @APIResponse(responseCode = "409", description = "The same Idempotency-Key is still being processed")
    public Response refund(@PathParam("projectId") UUID projectId, @PathParam("id") UUID id, @Valid AmountRequest body) {
        return answered(transactions.refund(caller.projectId(), id, body == null ? null : body.amount), "refundId");
    }

    @POST
    @Path("{id}/reverse")
    @Idempotent
    @Answer(fields = ReversalAnswer.class)
    @Operation(operationId = "reverseAuthorization", summary = "Reverse an authorization",
            description = "No body. Only an Approved (authorized, not captured) transaction, at most once. A "
                    + "processor that does not answer within payments.processor.timeout-ms answers 202 with "
                    + "eventResult Pending: the transaction stays Approved until the reconciliation job learns the "
                    + "outcome, and cannot be moved meanwhile." + IDEMPOTENCY)
    @APIResponse(responseCode = "200", description = "transactionId, reversalId, status (Reversed), message, entry")
    @APIResponse(responseCode = REVERSAL_PENDING_STATUS, description = REVERSAL_PENDING)
    @APIResponse(responseCode = "400", description = "Captured, already reversed, declined or in error")
    @APIResponse(responseCode = "404", description = "No such transaction in this project")
    @APIResponse(responseCode = "409", description = "The same Idempotency-Key is still being processed")
    public Response reverse(@PathParam("projectId") UUID projectId, @PathParam("id") UUID id) {
        TransactionService.Moved moved = transactions.reverse(caller.projectId(), id);
        return answered(moved, reversed(moved));
    }

    static final String REVERSAL_PENDING_STATUS = "202";
    static final String REVERSAL_PENDING = "The processor did not answer in time: the same fields, eventResult "
            + "Pending, the transaction Approved until the reconciliation job learns the outcome";

    /** Capture's and refund's answer: 200, or 202 when the processor call timed out (DESIGN.md sections 11, 12). */
    static Response answered(TransactionService.Moved moved, String eventIdName) {
        return answered(moved, moved(moved, eventIdName));
    }

    /**
     * A move's answer: 200, or 202 when its processor call timed out (a Pending event for the move, its outcome
     * to come from the reconciliation job; DESIGN.md sections 11 and 12). The body is the same either way.
     */
    static Response answered(TransactionService.Moved moved, Envelope body) {
        boolean pending = moved.event().eventResult().equals(EventResult.Pending.name());
        return (pending ? Response.accepted(body) : Response.ok(body)).build();
    }

    /** The answer of capture and refund: the move, and the transaction after it. */
    static Envelope moved(TransactionService.Moved moved, String eventIdName) {
        return Envelope.ok().with("transactionId", moved.transaction().id()).with(eventIdName, moved.event().id())
                .with("status", moved.transaction().status()).with("amount", moved.event().amount())
                .with("eventResult", moved.event().eventResult()).with("resultCode", moved.event().resultCode())
                .with("entry", moved.transaction());
    }

    /** E17's answer (and the /api/pay reverse's): transactionId, reversalId, status, message. */
    static Envelope reversed(TransactionService.Moved moved) {
        boolean approved = moved.event().eventResult().equals(EventResult.Approved.name());
        return Envelope.ok().with("transactionId", moved.transaction().id()).with("reversalId", moved.event().id())
                .with("status", moved.transaction().status())
                .with("message", approved ? "The authorization was reversed"
                        : "The processor did not reverse the authorization (" + moved.event().eventResult() + ")")
                .with("eventResult", moved.event().eventResult()).with("resultCode", moved.event().resultCode())
                .with("entry", moved.transaction());
    }

    /** The fields of an authorization's answer besides id (for the OpenAPI document). */
    public record AuthorizationAnswer(@Schema(description = "Approved, Captured (a sale), Declined or Error",
                                              example = "Approved") String status,
                               @Schema(example = "00") String resultCode, TransactionView entry) {
    }

    /** The fields of a capture's answer (for the OpenAPI document). */
    public record CaptureAnswer(@Schema(example = "7c9e6679-7425-40de-944b-e07fc1f90ae7") UUID transactionId,
                                @Schema(example = "0b7d3c2e-8f4a-4d6b-a1c9-5e2f7a9b3d41") UUID captureId,
                                @Schema(example = "Captured") String status, @Schema(example = "12.34") BigDecimal amount,
                                @Schema(example = "Approved") String eventResult, @Schema(example = "00") String resultCode,
                                @Schema(example = CAPTURED_EXAMPLE) TransactionView entry) {
    }

    /** The fields of a refund's answer (for the OpenAPI document). */
    public record RefundAnswer(@Schema(example = "7c9e6679-7425-40de-944b-e07fc1f90ae7") UUID transactionId,
                               @Schema(example = "5a1e9c3b-2d7f-4b8a-9e6c-1f3d5b7a9c20") UUID refundId,
                               @Schema(example = "PartiallyRefunded") String status, @Schema(example = "5.00") BigDecimal amount,
                               @Schema(example = "Approved") String eventResult, @Schema(example = "00") String resultCode,
                               @Schema(example = REFUNDED_EXAMPLE) TransactionView entry) {
    }

    /** The fields of a reversal's answer, here and in E17 (for the OpenAPI document). */
    public record ReversalAnswer(UUID transactionId, UUID reversalId, String status, String message, String eventResult,
                          String resultCode, TransactionView entry) {
    }

    /** The transaction of the examples after its capture (CaptureAnswer) and a partial refund (RefundAnswer). */
    static final String CAPTURED_EXAMPLE = "{\"id\": \"7c9e6679-7425-40de-944b-e07fc1f90ae7\", \"amount\": 12.34, \"currency\": \"USD\", "
            + "\"status\": \"Captured\", \"resultCode\": \"00\", \"maskedCardNumber\": \"************1111\", "
            + "\"ccType\": \"VISA\", \"capturedAmount\": 12.34, \"refundedAmount\": 0.00, \"orderId\": \"order-1001\", "
            + "\"description\": \"Two books\", \"createdDate\": \"2026-03-10T14:05:09.120Z\"}";
    static final String REFUNDED_EXAMPLE = "{\"id\": \"7c9e6679-7425-40de-944b-e07fc1f90ae7\", \"amount\": 12.34, \"currency\": \"USD\", "
            + "\"status\": \"PartiallyRefunded\", \"resultCode\": \"00\", \"maskedCardNumber\": \"************1111\", "
            + "\"ccType\": \"VISA\", \"capturedAmount\": 12.34, \"refundedAmount\": 5.00, \"orderId\": \"order-1001\", "
            + "\"description\": \"Two books\", \"createdDate\": \"2026-03-10T14:05:09.120Z\"}";

    /** Authorize or sale (DESIGN.md section 9). Unknown fields are ignored. */
    public static class TransactionRequest {

        @Schema(description = "The paymentToken value from E10 (tok_...), or the token's id", required = true,
                example = "tok_4f9c2a7e1b8d4c6f")
        public String paymentToken;
        @Schema(description = "Major units, positive, at most the currency's minor-unit digits (2 for USD)", required = true,
                example = "12.34")
        public BigDecimal amount;
        @Schema(description = "ISO 4217 code; default USD", example = "USD")
        public String currency;
        @Schema(description = "true: a sale (authorize and capture at once); default false", example = "false")
        public Boolean capture;
        @Size(max = 100)
        @Schema(example = "order-1001")
        public String orderId;
        @Size(max = 500)
        @Schema(example = "Two books")
        public String description;
        @Size(max = 250)
        public String email;
        @Size(max = 45)
        public String ip;
        @Size(max = 250)
        public String fingerprint;
        @Schema(description = "personAddress fields; default: the token's personAddress")
        public Address billingAddress;
        @Schema(description = "personAddress fields")
        public Address deliveryAddress;
        @Schema(description = "label -> value, for the reports (at most 20; labels up to 50 characters, values up to 200)")
        public Map<String, String> tags;
    }

    /** Capture and refund: {"amount": n}, or {} (or no body) for the whole remaining amount. */
    public static class AmountRequest {

        @Schema(description = "Major units; left out: the whole authorized (capture) or not yet refunded (refund) amount",
                example = "5.00")
        public BigDecimal amount;
    }

    /** A transaction as E16 answers it: the card masked, amounts in the currency's minor units, its events in order. */
    public record TransactionView(@Schema(example = "7c9e6679-7425-40de-944b-e07fc1f90ae7") UUID id, @Schema(example = "12.34") BigDecimal amount,
                                  @Schema(example = "USD") String currency, @Schema(example = "Approved") String status,
                                  @Schema(example = "00") String resultCode,
                                  @Schema(example = "************1111") String maskedCardNumber,
                                  @Schema(example = "VISA") String ccType, @Schema(example = "0.00") BigDecimal capturedAmount,
                                  @Schema(example = "0.00") BigDecimal refundedAmount,
                                  @Schema(example = "order-1001") String orderId,
                                  @Schema(example = "Two books") String description, Map<String, String> tags,
                                  @Schema(example = "2026-03-10T14:05:09.120Z") OffsetDateTime createdDate,
                                  List<EventView> events) {

        /** One event of the transaction. */
        public record EventView(@Schema(example = "c4a8e2f6-1b3d-4f5a-8c7e-9d2b4f6a8e10") UUID id,
                                @Schema(example = "Authorize") String eventType,
                                @Schema(example = "Approved") String eventResult, @Schema(example = "00") String resultCode,
                                @Schema(example = "12.34") BigDecimal amount,
                                @Schema(example = "2026-03-10T14:05:09.120Z") OffsetDateTime date) {

            static EventView of(TransactionEvent e, String currency) {
                return new EventView(e.id(), e.eventType(), e.eventResult(), e.resultCode(),
                        Money.scaled(e.amount(), currency), e.occurredAt());
            }
        }

        /** resultCode is that of the transaction's latest event (DESIGN.md section 11). */
        static TransactionView of(CardTransaction t, List<TransactionEvent> events) {
            return new TransactionView(t.id(), Money.scaled(t.amount(), t.currency()), t.currency(), t.status().name(),
                    events.isEmpty() ? t.resultCode() : events.get(events.size() - 1).resultCode(), t.maskedCardNumber(), t.ccType(), Money.scaled(t.capturedAmount(), t.currency()),
                    Money.scaled(t.refundedAmount(), t.currency()), t.orderId(), t.description(), Tags.read(t.tags()),
                    t.createdAt(), events.stream().map(e -> EventView.of(e, t.currency())).toList());
        }
    }
}
