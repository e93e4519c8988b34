package com.paycore.transaction;

import java.math.BigDecimal;
import java.util.UUID;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A refund's answer: the move (its event's id is the refundId), and the transaction after it. */
public record RefundResponse(@Schema(example = "7c9e6679-7425-40de-944b-e07fc1f90ae7") UUID transactionId,
                             @Schema(example = "5a1e9c3b-2d7f-4b8a-9e6c-1f3d5b7a9c20") UUID refundId,
                             @Schema(example = "PartiallyRefunded") String status, @Schema(example = "5.00") BigDecimal amount,
                             @Schema(example = "Approved") String eventResult, @Schema(example = "00") String resultCode,
                             @Schema(example = TransactionView.REFUNDED_EXAMPLE) TransactionView entry) {

    static RefundResponse of(TransactionService.Moved moved) {
        return new RefundResponse(moved.transaction().id(), moved.event().id(), moved.transaction().status(),
                moved.event().amount(), moved.event().eventResult(), moved.event().resultCode(), moved.transaction());
    }
}
