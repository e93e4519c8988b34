package com.paycore.transaction;

import java.util.UUID;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A reversal's answer, here and in E17: the move (its event's id is the reversalId), a message, the transaction. */
public record ReversalResponse(@Schema(example = "7c9e6679-7425-40de-944b-e07fc1f90ae7") UUID transactionId,
                               @Schema(example = "9d4f2b6a-3c1e-4a7d-8b5f-0e2c4a6b8d13") UUID reversalId,
                               @Schema(example = "Reversed") String status,
                               @Schema(example = "The authorization was reversed") String message,
                               @Schema(example = "Approved") String eventResult, @Schema(example = "00") String resultCode,
                               TransactionView entry) {

    static ReversalResponse of(TransactionService.Moved moved) {
        boolean approved = moved.event().eventResult().equals(EventResult.Approved.name());
        return new ReversalResponse(moved.transaction().id(), moved.event().id(), moved.transaction().status(),
                approved ? "The authorization was reversed"
                        : "The processor did not reverse the authorization (" + moved.event().eventResult() + ")",
                moved.event().eventResult(), moved.event().resultCode(), moved.transaction());
    }
}
