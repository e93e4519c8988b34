package com.paycore.cardupdater;

import java.time.OffsetDateTime;
import java.util.Map;
import java.util.UUID;

/** A finished run as answered: its id, company, times, and counts (per update type, NoChange, failed). */
public record UpdaterRunView(UUID runId, UUID companyId, String trigger, OffsetDateTime startedAt, OffsetDateTime finishedAt,
                      int checked, Map<String, Integer> counts, int failed) {

    static UpdaterRunView from(UpdaterRun run) {
        RunCounts counts = run.counts();
        return new UpdaterRunView(run.id(), run.companyId(), run.trigger(), run.startedAt(), run.finishedAt(),
                counts.checked(), counts.byType(), counts.failed());
    }
}
