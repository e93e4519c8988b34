package com.paycore.cardfile;

import java.util.UUID;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import com.paycore.platform.web.Envelope;

/** What the 202 of a card export carries. */
public record CardExportStarted(
        @Schema(description = Envelope.CREATED_ID, required = true) UUID id,
        @Schema(description = "The long run that writes it: GET /api/adm/runs/{runId}") UUID runId,
        @Schema(description = "Running: follow it at the Location URL (GET /api/adm/cardExports/{id})") String state)
        implements Envelope.Identified {
}
