package com.paycore.vault;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Cardholder personal and address data (personAddress). */
public record Address(@Schema(example = "Jane") String firstName, @Schema(example = "Doe") String lastName,
                      @Schema(example = "jane@example.com") String email, String phone,
                      @Schema(example = "1 Main Street") String addressLine1, String addressLine2,
                      @Schema(example = "Springfield") String city, String state, @Schema(example = "12345") String zip,
                      @Schema(example = "US") String country) {
}
