package com.paycore.transaction;

import java.math.BigDecimal;
import java.util.UUID;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A capture's answer: the move (its event's id is the captureId), and the transaction after it. */
public record CaptureResponse(@Schema(example = "7c9e6679-7425-40de-944b-e07fc1f90ae7") UUID transactionId,
                              @Schema(example = "0b7d3c2e-8f4a-4d6b-a1c9-5e2f7a9b3d41") UUID captureId,
                              @Schema(example = "Captured") String status, @Schema(example = "12.34") BigDecimal amount,
                              @Schema(example = "Approved") String eventResult, @Schema(example = "00") String resultCode,
                              @Schema(example = TransactionView.CAPTURED_EXAMPLE) TransactionView entry) {

    static CaptureResponse of(TransactionService.Moved moved) {
        return new CaptureResponse(moved.transaction().id(), moved.event().id(), moved.transaction().status(),
                moved.event().amount(), moved.event().eventResult(), moved.event().resultCode(), moved.transaction());
    }
}
