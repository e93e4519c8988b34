package com.paycore.run;

import java.time.OffsetDateTime;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import com.paycore.platform.web.Answer;
import com.paycore.platform.web.Envelope;

@Path("/adm/runs")
@ApplicationScoped
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Runs", description = "Long runs (settlement, token rotation, card updater, report sync): started with 202, "
        + "followed here")
@SecurityRequirement(name = "bearer")
public class RunsResource {

    @Inject
    Runs runs;

    @GET
    @Path("{id}")
    @Answer(entry = RunView.class)
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
    public Envelope get(@PathParam("id") UUID id) {
        return Envelope.entry(runs.view(id));
    }

    /** A run as answered. */
    public record RunView(
            UUID id,
            @Schema(description = "Settlement, TokenRotation, CardUpdater or ReportSync") String kind,
            @Schema(description = "Running, Succeeded or Failed") String state,
            @Schema(description = "The company of a card updater run; null for platform-wide runs") UUID companyId,
            @Schema(description = "The user who started the run") UUID requestedBy,
            long itemsDone,
            @Schema(description = "Items the run has to do; null while not known") Long itemsTotal,
            @Schema(description = "itemsTotal less itemsDone (0 once the run has succeeded); null while not known") Long itemsLeft,
            @Schema(description = "The run's figures once Succeeded (settlement: cutoff, settled, refundsSettled; "
                    + "token rotation: keystoreId, rotated; card updater: runId, companyId, trigger, startedAt, "
                    + "finishedAt, checked, counts, failed; report sync: added, renamed, tags); null before")
            JsonObject outcome,
            @Schema(description = "Why a Failed run failed, in words safe to show; null otherwise") String error,
            OffsetDateTime startedAt,
            @Schema(description = "The last sign of life of the instance running it") OffsetDateTime heartbeatAt,
            OffsetDateTime finishedAt) {

        static RunView of(Run run, JsonObject outcome) {
            boolean succeeded = Run.State.Succeeded.name().equals(run.state());
            Long left = succeeded ? Long.valueOf(0)
                    : run.itemsTotal() == null ? null : Long.valueOf(Math.max(0, run.itemsTotal() - run.itemsDone()));
            return new RunView(run.id(), run.kind(), run.state(), run.companyId(), run.requestedBy(), run.itemsDone(),
                    run.itemsTotal(), left, outcome, run.error(), run.startedAt(), run.heartbeatAt(), run.finishedAt());
        }
    }
}
