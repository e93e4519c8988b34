package com.paycore.run;

import java.time.OffsetDateTime;
import java.util.UUID;

import jakarta.json.JsonObject;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A run as answered. */
public record RunView(
        UUID id,
        @Schema(description = "Settlement, TokenRotation, CardUpdater, ReportSync, CardFile or CardExport") String kind,
        @Schema(description = "Running, Succeeded or Failed") String state,
        @Schema(description = "The company of a card updater, card file or card export run; null for platform-wide runs",
                nullable = true) UUID companyId,
        @Schema(description = "The user who started the run; null for a card file's (an API key sent it)",
                nullable = true) UUID requestedBy,
        long itemsDone,
        @Schema(description = "Items the run has to do; null while not known", nullable = true) Long itemsTotal,
        @Schema(description = "itemsTotal less itemsDone (0 once the run has succeeded); null while not known",
                nullable = true) Long itemsLeft,
        @Schema(description = "The run's figures once Succeeded (settlement: cutoff, settled, refundsSettled; "
                + "token rotation: keystoreId, rotated; card updater: runId, companyId, trigger, startedAt, "
                + "finishedAt, checked, counts, failed; report sync: added, renamed, tags; card file: id, state, rowsRead, "
                + "tokenized, rejected; card export: exportId, tokens, bytes); null before", nullable = true)
        JsonObject outcome,
        @Schema(description = "Why a Failed run failed, in words safe to show; null otherwise", nullable = true) String error,
        OffsetDateTime startedAt,
        @Schema(description = "The last sign of life of the instance running it") OffsetDateTime heartbeatAt,
        @Schema(nullable = true) OffsetDateTime finishedAt) {

    static RunView of(Run run, JsonObject outcome) {
        boolean succeeded = Run.State.Succeeded.name().equals(run.state());
        Long left = succeeded ? Long.valueOf(0)
                : run.itemsTotal() == null ? null : Long.valueOf(Math.max(0, run.itemsTotal() - run.itemsDone()));
        return new RunView(run.id(), run.kind(), run.state(), run.companyId(), run.requestedBy(), run.itemsDone(),
                run.itemsTotal(), left, outcome, run.error(), run.startedAt(), run.heartbeatAt(), run.finishedAt());
    }
}
