package com.paycore.transaction;

import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import com.paycore.idempotency.Idempotent;
import com.paycore.platform.web.AppException;

@Path("/adm/transactions")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Transactions")
public class AdminTransactionsResource {

    @Inject
    TransactionService transactions;

    @POST
    @Path("{id}/reverse")
    @ProjectAdminFirst
    @Idempotent
    @Parameter(name = Idempotent.KEY, in = ParameterIn.HEADER, description = Idempotent.KEY_DESCRIPTION,
            schema = @Schema(type = SchemaType.STRING, maxLength = 255))
    @Operation(operationId = "reverseTransactionAsAdmin", summary = "E17 Reverse authorization",
            description = "companyProjectId (required) names the transaction's project; the caller must be a platform "
                    + "administrator or an Admin of the project's company. Only an Approved (authorized, not captured) "
                    + "transaction, at most once. Answers transactionId, reversalId (the ReverseAuthorize event), status "
                    + "(Reversed), message, and entry (the transaction); 202 with eventResult Pending when the processor "
                    + "does not answer within payments.processor.timeout-ms. Audited. Honours Idempotency-Key (24 h, scoped "
                    + "to the user): a repeat answers the first answer again (Idempotent-Replayed: true); a different "
                    + "request under the same key is 400; a repeat while the first runs is 409.")
    @APIResponse(responseCode = "200", description = "transactionId, reversalId, status, message",
            content = @Content(schema = @Schema(implementation = ReversalResponse.class)))
    @APIResponse(responseCode = PayTransactionsResource.REVERSAL_PENDING_STATUS,
            description = PayTransactionsResource.REVERSAL_PENDING)
    @APIResponse(responseCode = "400", description = "Missing or malformed companyProjectId or id; the transaction is "
            + "captured, already reversed, declined or in error")
    @APIResponse(responseCode = "403", description = "A company User, or an inactive member of the company")
    @APIResponse(responseCode = "404", description = "No such transaction in that project, or a project the caller "
            + "cannot see")
    @APIResponse(responseCode = "409", description = "The same Idempotency-Key is still being processed")
    public Response reverse(@PathParam("id") UUID id, @QueryParam("companyProjectId") UUID companyProjectId) {
        if (companyProjectId == null) {
            throw AppException.invalid("companyProjectId: required");
        }
        TransactionService.Moved moved = transactions.reverseAsAdmin(companyProjectId, id);
        return PayTransactionsResource.answered(moved, ReversalResponse.of(moved));
    }
}
