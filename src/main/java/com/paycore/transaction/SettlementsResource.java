package com.paycore.transaction;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
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

import com.paycore.run.Runs;

@Path("/adm/settlements")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Transactions")
@APIResponse(responseCode = "403", description = "Not a platform administrator")
public class SettlementsResource {

    @Inject
    SettlementService settlement;

    @POST
    @Path("run")
    @Operation(operationId = "runSettlement", summary = "Run settlement now (a long run: 202, then GET the run)",
            description = "Starts settling every capture and refund made until now: Captured transactions move to "
                    + "Settled (Settle events), approved refunds get RefundSettle events. Answers 202 at once with the "
                    + "run's id (Location: GET /api/adm/runs/{id}, which shows the transactions done and left and, at "
                    + "the end, the outcome: cutoff, settled (captures) and refundsSettled). The same runs daily at "
                    + "payments.settlement.cutoff-time. One settlement run at a time: a request while one runs answers "
                    + "409 naming it. Each transaction settles once, also when the daily run or another instance "
                    + "settles at the same moment; an interrupted run leaves nothing half done, and a new run settles "
                    + "what it left.")
    @APIResponse(responseCode = "202", description = "id, kind, state: the run started; Location is the run",
            content = @Content(schema = @Schema(implementation = Runs.Started.class)))
    @APIResponse(responseCode = "409", description = "A settlement run is already running (its id in the message and Location)")
    public Response run(@Context UriInfo uri) {
        return settlement.runNow(uri);
    }
}
