package com.paycore.webhook;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

/** An endpoint as answered: never its secret. */
public record EndpointView(UUID id, UUID companyProjectId, String url, List<String> enabledEvents,
                           String description, boolean isActive, OffsetDateTime createdDate) {

    static EndpointView from(WebhookEndpoint e) {
        return new EndpointView(e.id(), e.projectId(), e.url(), e.enabledEvents(), e.description(), e.active(),
                e.createdAt());
    }
}
