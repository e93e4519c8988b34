package com.paycore.cardfile;

import java.time.OffsetDateTime;
import java.util.UUID;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import com.paycore.platform.web.Envelope;

/** A card export as answered: never a card, a key or the file. */
public record CardExportView(
        UUID id,
        UUID companyProjectId,
        @Schema(description = "Running, Succeeded or Failed", example = "Succeeded") String state,
        @Schema(description = "The long run that writes it (GET /api/adm/runs/{runId})") UUID runId,
        @Schema(description = "Active tokens written (so far, while Running)") long tokens,
        @Schema(description = "The recipient key's OpenPGP v4 fingerprint: 40 upper-case hex digits",
                example = "0123456789ABCDEF0123456789ABCDEF01234567") String recipientFingerprint,
        @Schema(description = "Why it failed, when Failed") String failure,
        OffsetDateTime createdAt,
        OffsetDateTime finishedAt,
        @Schema(description = "24 hours after it succeeded: the file can be downloaded until then, once") OffsetDateTime expiresAt,
        @Schema(description = "When it was downloaded; the file is deleted then") OffsetDateTime downloadedAt)
        implements Envelope.Identified {
}
