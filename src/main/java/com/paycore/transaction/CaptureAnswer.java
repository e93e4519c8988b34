package com.paycore.transaction;

import java.math.BigDecimal;
import java.util.UUID;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The fields of a capture's answer (for the OpenAPI document). */
public record CaptureAnswer(@Schema(example = "7c9e6679-7425-40de-944b-e07fc1f90ae7") UUID transactionId,
                            @Schema(example = "0b7d3c2e-8f4a-4d6b-a1c9-5e2f7a9b3d41") UUID captureId,
                            @Schema(example = "Captured") String status, @Schema(example = "12.34") BigDecimal amount,
                            @Schema(example = "Approved") String eventResult, @Schema(example = "00") String resultCode,
                            @Schema(example = TransactionView.CAPTURED_EXAMPLE) TransactionView entry) {
}
