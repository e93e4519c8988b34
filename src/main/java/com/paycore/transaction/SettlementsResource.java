package com.paycore.transaction;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import com.paycore.platform.Answer;
import com.paycore.platform.Envelope;

@Path("/adm/settlements")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Transactions")
@SecurityRequirement(name = "bearer")
@APIResponse(responseCode = "401", description = "Missing, invalid or expired token, or inactive user")
@APIResponse(responseCode = "403", description = "Not a platform administrator")
public class SettlementsResource {

    @Inject
    SettlementService settlement;

    @POST
    @Path("run")
    @Answer(fields = SettlementService.Result.class)
    @Operation(operationId = "runSettlement", summary = "Run settlement now",
            description = "Settles every capture and refund made until now: Captured transactions move to Settled "
                    + "(Settle events), approved refunds get RefundSettle events. The same runs daily at "
                    + "payments.settlement.cutoff-time. Safe to run on several instances at once: each transaction "
                    + "settles once. Answers cutoff, settled (captures) and refundsSettled.")
    @APIResponse(responseCode = "200", description = "cutoff, settled, refundsSettled")
    public Envelope run() {
        SettlementService.Result result = settlement.runNow();
        return Envelope.ok().with("cutoff", result.cutoff()).with("settled", result.settled())
                .with("refundsSettled", result.refundsSettled());
    }
}
