package com.paycore.cardfile;

import java.util.UUID;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** What a card file's upload answers (202): the file, the run that follows it, and its state. */
public record CardFileUploadResponse(
        @Schema(description = "the card file's id (GET /api/pay/{projectId}/cardFiles/{id})") UUID id,
        @Schema(description = "the long run that processes it (GET /api/adm/runs/{runId})") UUID runId,
        @Schema(description = "Received") String state) {
}
