package com.paycore.transaction;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.UUID;

/** A transaction as the console lists it: its card masked, its amount in the currency's minor units. */
public record TransactionRow(UUID id, UUID projectId, BigDecimal amount, String currency, String status,
                             String maskedCardNumber, String ccType, OffsetDateTime createdDate) {
}
