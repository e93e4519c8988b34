package com.paycore.transaction;

import java.util.UUID;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import com.paycore.platform.web.Envelope;

/** An authorization's answer: the new transaction's id, its status and result code, and the transaction. */
public record AuthorizationResponse(@Schema(description = Envelope.CREATED_ID, required = true) UUID id,
                                    @Schema(description = "Approved, Captured (a sale), Declined or Error",
                                            example = "Approved") String status,
                                    @Schema(example = "00") String resultCode, TransactionView entry)
        implements Envelope.Identified {

    static AuthorizationResponse of(TransactionView transaction) {
        return new AuthorizationResponse(transaction.id(), transaction.status(), transaction.resultCode(), transaction);
    }
}
