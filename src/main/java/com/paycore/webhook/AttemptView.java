package com.paycore.webhook;

import java.time.OffsetDateTime;
import java.util.UUID;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** One attempt of the delivery log: never a request or response body. */
public record AttemptView(UUID eventId, String eventType, OffsetDateTime attemptedDate,
                          @Schema(description = "null when no answer came", nullable = true) Integer httpStatus,
                          @Schema(nullable = true) String error, long durationMs) {
}
