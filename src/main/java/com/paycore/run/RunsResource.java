package com.paycore.run;

import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import com.paycore.platform.web.Envelope.Entry;
import com.paycore.platform.web.Envelope;

@Path("/adm/runs")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Runs", description = "Long runs (settlement, token rotation, card updater, report sync): started with 202, "
        + "followed here")
public class RunsResource {

    @Inject
    Runs runs;

    @GET
    @Path("{id}")
    @Operation(operationId = "getRun", summary = "Get a long run: its progress and outcome",
            description = "A run started by POST /api/adm/settlements/run, /api/adm/KeyStores/rotation, "
                    + "/api/adm/creditCardUpdater/runs or /api/adm/reportTransactions/sync (each answers 202 with the "
                    + "run's id and this URL in Location). state: Running, then Succeeded (outcome holds the run's "
                    + "figures) or Failed (error says why; interrupted: the instance running it stopped, the work it "
                    + "did is kept and a new run does the rest). itemsDone and itemsLeft show the progress (itemsTotal "
                    + "and itemsLeft are null while the run does not know its total: a report sync knows it only at "
                    + "its end). Any instance answers. Platform administrators see every run; a company Admin the "
                    + "card updater runs of their companies.")
    @APIResponse(responseCode = "200", description = "entry: the run")
    @APIResponse(responseCode = "400", description = "id is not a UUID")
    @APIResponse(responseCode = "401", description = "Missing, invalid or expired token, or inactive user")
    @APIResponse(responseCode = "403", description = "Neither a platform administrator nor an active Admin of a company")
    @APIResponse(responseCode = "404", description = "No such run, or not one the caller may see")
    public Envelope<Entry<RunView>> get(@PathParam("id") UUID id) {
        return Envelope.entry(runs.view(id));
    }
}
