package com.paycore.chargeback;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.UUID;

import com.paycore.transaction.MoneyRules;

/** An E13 row: the spec's transactionId, chargebackDate, amount, reason, status, dueDate, and identifying fields. */
public record ChargebackReportRow(UUID chargebackId, UUID transactionId, UUID projectId, OffsetDateTime chargebackDate,
                                  BigDecimal amount, String currency, String reason, String reasonCode, String status,
                                  OffsetDateTime dueDate, OffsetDateTime createdDate) {

    static ChargebackReportRow of(Chargeback c) {
        return new ChargebackReportRow(c.id(), c.transactionId(), c.projectId(), c.chargebackDate(),
                MoneyRules.scaled(c.amount(), c.currency()), c.currency(), c.reason(), c.reasonCode(), c.status().name(),
                c.respondByDate(), c.createdAt());
    }
}
