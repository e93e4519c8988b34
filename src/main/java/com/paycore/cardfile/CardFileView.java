package com.paycore.cardfile;

import java.time.OffsetDateTime;
import java.util.UUID;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A card file as its GET answers it (DESIGN.md section 13). */
public record CardFileView(
        UUID id,
        @Schema(nullable = true, description = "the name given with the upload") String name,
        @Schema(description = "Received, Processing, Succeeded or Failed") String state,
        @Schema(description = "rows read so far (tokenized and rejected)") long rowsRead,
        long tokenized,
        long rejected,
        @Schema(nullable = true, description = "why the file failed as a whole, when Failed") String failure,
        OffsetDateTime receivedAt,
        @Schema(nullable = true, description = "when its processing started") OffsetDateTime startedAt,
        @Schema(nullable = true) OffsetDateTime finishedAt,
        @Schema(nullable = true, description = "the FileContentPGPKey it was encrypted to, once verified") UUID keyId,
        @Schema(nullable = true, description = "the card file signer whose signature verified, or null") UUID signerId,
        @Schema(description = "the long run that follows it: GET /api/adm/runs/{runId}") UUID runId) {

    static CardFileView of(CardFile file) {
        return new CardFileView(file.id(), file.name(), file.state().name(), file.rowsRead(), file.tokenized(),
                file.rejected(), file.failure(), file.receivedAt(), file.startedAt(), file.finishedAt(), file.keyId(), file.signerId(),
                file.runId());
    }
}
