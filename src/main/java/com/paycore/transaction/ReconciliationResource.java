package com.paycore.transaction;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import com.paycore.platform.web.Envelope;

@Path("/adm/reconciliation")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Transactions")
@APIResponse(responseCode = "403", description = "Not a platform administrator")
public class ReconciliationResource {

    @Inject
    Reconciliation reconciliation;

    @POST
    @Path("run")
    @Operation(operationId = "runReconciliation", summary = "Run the reconciliation of unknown outcomes now",
            description = "Asks the processor for the outcome of every move whose call timed out (Pending events, "
                    + "DESIGN.md section 11) and applies each answer with its usual event; an item with no answer "
                    + "after payments.reconciliation.give-up-hours becomes Error. The same runs every "
                    + "payments.reconciliation.interval-seconds on every instance; each item is handled once. Answers "
                    + "resolved, stillPending and gaveUp (items another run held at the moment are not counted).")
    @APIResponse(responseCode = "200", description = "resolved, stillPending, gaveUp")
    public Envelope<Reconciliation.Result> run() {
        return Envelope.ok(reconciliation.runNow());
    }
}
