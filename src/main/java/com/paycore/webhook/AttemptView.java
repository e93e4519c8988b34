package com.paycore.webhook;

import java.time.OffsetDateTime;
import java.util.UUID;

/** One attempt of the delivery log: never a request or response body. */
public record AttemptView(UUID eventId, String eventType, OffsetDateTime attemptedDate, Integer httpStatus,
                          String error, long durationMs) {
}
