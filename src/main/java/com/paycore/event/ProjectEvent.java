package com.paycore.event;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * An event as answered, for the OpenAPI document: the answers carry the stored JSON object itself (the body the
 * webhooks deliver, byte for byte), whose shape this is; data is the resource as its own read shows it.
 */
public record ProjectEvent(UUID id, String type, OffsetDateTime createdDate, UUID companyProjectId, Map<String, Object> data) {

    /** The list's answer as documented (the envelope's {@code Entries} of stored objects). */
    public record Listed(@Schema(required = true) List<ProjectEvent> entries) {
    }

    /** The single read's answer as documented (the envelope's {@code Entry} of a stored object). */
    public record Read(ProjectEvent entry) {
    }
}
