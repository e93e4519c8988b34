package com.paycore.apikey;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The answer of a run of the key-expiry notices. */
public record KeyNoticesResponse(@Schema(description = "Keys noticed in this run") Integer noticed) {
}
