package com.paycore.webhook;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A rotated webhook secret, shown in this answer only. */
public record SecretResponse(@Schema(description = "The new signing secret; the old one stays valid for a while")
                             String secret) {
}
