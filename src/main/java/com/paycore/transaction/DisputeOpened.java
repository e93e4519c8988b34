package com.paycore.transaction;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * A CDI event fired (inside settlement's database transaction) when a processor announces, at settlement, that the
 * card's issuer opened a dispute on a transaction; the chargebacks feature records the chargeback.
 */
public record DisputeOpened(UUID transactionId, UUID projectId, UUID companyId, BigDecimal amount, String currency,
                            OffsetDateTime at) {
}
