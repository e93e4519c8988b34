package com.paycore.webhook;

import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * A delivery of an event to an endpoint as the console shows it: its state ({@code Pending}, {@code Delivered},
 * {@code Failed}), automatic attempts made, the next automatic attempt (Pending only), a queued manual retry's due
 * time, and its latest attempt (automatic or manual; all null before the first). Never a body.
 */
public record DeliveryView(UUID eventId, String eventType, String status, int attempts, OffsetDateTime nextAttemptAt,
                           OffsetDateTime retryQueuedAt, OffsetDateTime lastAttemptAt, Integer lastHttpStatus,
                           String lastError, boolean lastManual) {

    /** The latest attempt failed (or none was made yet and the delivery has failed). */
    public boolean lastFailed() {
        return lastAttemptAt != null ? lastHttpStatus == null || lastHttpStatus < 200 || lastHttpStatus >= 300
                : DeliveryLedger.FAILED.equals(status);
    }
}
