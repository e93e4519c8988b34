package com.paycore.transaction;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The fields of an authorization's answer besides id (for the OpenAPI document). */
public record AuthorizationAnswer(@Schema(description = "Approved, Captured (a sale), Declined or Error",
                                          example = "Approved") String status,
                           @Schema(example = "00") String resultCode, TransactionView entry) {
}
