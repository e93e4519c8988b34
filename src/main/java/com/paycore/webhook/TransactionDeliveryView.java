package com.paycore.webhook;

import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * A delivery of one of a transaction's events to one of its project's endpoints, as the console's transaction page
 * shows it: the endpoint's URL, the event's type, the delivery's state ({@code Pending}, {@code Delivered},
 * {@code Failed}), automatic attempts made, the latest attempt's HTTP status (null before the first, or when no answer
 * came) and the next automatic attempt (Pending only). Never a body.
 */
public record TransactionDeliveryView(UUID endpointId, String endpointUrl, UUID eventId, String eventType,
                                      OffsetDateTime eventCreatedAt, String status, int attempts,
                                      OffsetDateTime lastAttemptAt, Integer lastHttpStatus,
                                      OffsetDateTime nextAttemptAt) {
}
