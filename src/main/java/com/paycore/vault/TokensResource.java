package com.paycore.vault;

import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
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

import com.paycore.access.ProjectCaller;
import com.paycore.idempotency.Idempotent;
import com.paycore.platform.web.Envelope.Entry;
import com.paycore.platform.web.Envelope;

@Path("/pay/{projectId}/companyProjectCreditCardPaymentsInfo")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "Payments")
public class TokensResource {

    @Inject
    PaymentTokenService tokens;

    @Inject
    ProjectCaller caller;

    @POST
    @Idempotent
    @Parameter(name = Idempotent.KEY, in = ParameterIn.HEADER, description = Idempotent.KEY_DESCRIPTION,
            schema = @Schema(type = SchemaType.STRING, maxLength = 255))
    @Operation(operationId = "createPaymentToken", summary = "E10 Create payment token",
            description = "creditCard {cardNumber, expirationMonth, expirationYear, cvv, cardholderName}, personAddress "
                    + "{firstName, lastName, email, phone, addressLine1, addressLine2, city, state, zip, country}, "
                    + "securedProperties (paths such as creditCard.cardNumber whose values arrive RSA-OAEP SHA-256 "
                    + "encrypted, base64, under the project's TransactionRSAKey public key). Validation: Luhn, 12-19 "
                    + "digits, a known brand, month 1-12, not expired, CVV of 3 digits (4 for AMEX). The number is "
                    + "encrypted at once under the newest keystore; the CVV is verified once (validCVV: true, false, or null "
                    + "when the processor did not answer the verification; the token is created all the same) and "
                    + "never stored. Answers id, paymentToken, maskedCardNumber, ccType, last4, expirationMonth, "
                    + "expirationYear. Honours Idempotency-Key (24 h, scoped to the project): a repeat with the same body "
                    + "answers the first answer again (header Idempotent-Replayed: true, no Location) with no second "
                    + "token; a different body is 400; a repeat while the first runs is 409.")
    @APIResponse(responseCode = "201", description = "Created",
            content = @Content(schema = @Schema(implementation = TokenCreatedResponse.class)))
    @APIResponse(responseCode = "400", description = "Invalid card number, CVV or expiry; inactive project or company; "
            + "undecryptable secured value")
    @APIResponse(responseCode = "409", description = "The same Idempotency-Key is still being processed")
    public Response create(@PathParam("projectId") UUID projectId, @RequestBody(required = true) @Valid @NotNull CreateTokenRequest request,
                           @Context UriInfo uri) {
        TokenView token = tokens.create(caller.requireTransacting(), request);
        return Envelope.created(uri.getAbsolutePath(), TokenCreatedResponse.of(token));
    }

    @GET
    @Path("{id}")
    @Operation(operationId = "getPaymentToken", summary = "Get a payment token (masked)")
    @APIResponse(responseCode = "200", description = "entry")
    @APIResponse(responseCode = "400", description = "Malformed id")
    @APIResponse(responseCode = "404", description = "No such token in this project, or deleted")
    public Envelope<Entry<TokenView>> get(@PathParam("projectId") UUID projectId, @PathParam("id") UUID id) {
        return Envelope.entry(tokens.get(caller.projectId(), id));
    }

    @DELETE
    @Path("{id}")
    @Operation(operationId = "deletePaymentToken",
            summary = "Delete a payment token (erasure: its encrypted card number is destroyed; its cardholder name, "
                    + "e-mail, phone, street lines and fingerprint are blanked on the token, its events, its transactions' "
                    + "billing copies and the report facts)")
    @APIResponse(responseCode = "200", description = "Deleted")
    @APIResponse(responseCode = "400", description = "Malformed id")
    @APIResponse(responseCode = "404", description = "No such token in this project, or already deleted")
    public Envelope delete(@PathParam("projectId") UUID projectId, @PathParam("id") UUID id) {
        tokens.delete(caller.projectId(), id);
        return Envelope.ok();
    }
}
