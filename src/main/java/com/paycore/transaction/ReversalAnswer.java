package com.paycore.transaction;

import java.util.UUID;

/** The fields of a reversal's answer, here and in E17 (for the OpenAPI document). */
public record ReversalAnswer(UUID transactionId, UUID reversalId, String status, String message, String eventResult,
                      String resultCode, TransactionView entry) {
}
