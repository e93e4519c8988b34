package com.paycore.retention;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** What one kind of rows came to in a run. */
public record Pruned(@Schema(example = "events") String kind, @Schema(example = "120") int deleted) {
}
