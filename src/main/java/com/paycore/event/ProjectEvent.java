package com.paycore.event;

import java.time.OffsetDateTime;
import java.util.Map;
import java.util.UUID;

/** An event as answered (for the OpenAPI document): data is the resource as its own read shows it. */
public record ProjectEvent(UUID id, String type, OffsetDateTime createdDate, UUID companyProjectId, Map<String, Object> data) {
}
