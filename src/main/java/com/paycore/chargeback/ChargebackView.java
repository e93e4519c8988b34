package com.paycore.chargeback;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.UUID;

import com.paycore.transaction.MoneyRules;

/** A chargeback as E2 and the chargeback operations answer it. */
public record ChargebackView(UUID chargebackId, UUID transactionId, UUID projectId, BigDecimal amount, String currency,
                             String reason, String reasonCode, OffsetDateTime chargebackDate,
                             OffsetDateTime respondByDate, String status, String evidence, boolean acceptedAutomatically,
                             OffsetDateTime resolvedDate, OffsetDateTime createdDate) {

    static ChargebackView of(Chargeback c) {
        return new ChargebackView(c.id(), c.transactionId(), c.projectId(), MoneyRules.scaled(c.amount(), c.currency()),
                c.currency(), c.reason(), c.reasonCode(), c.chargebackDate(), c.respondByDate(), c.status().name(),
                c.evidence(), c.acceptedAutomatically(), c.resolvedAt(), c.createdAt());
    }
}
