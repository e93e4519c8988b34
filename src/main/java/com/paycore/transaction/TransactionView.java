package com.paycore.transaction;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** A transaction as E16 answers it: the card masked, amounts in the currency's minor units, its events in order. */
public record TransactionView(UUID id, BigDecimal amount, String currency, String status, String resultCode,
                              String maskedCardNumber, String ccType, BigDecimal capturedAmount,
                              BigDecimal refundedAmount, String orderId, String description, Map<String, String> tags,
                              OffsetDateTime createdDate, List<EventView> events) {

    /** One event of the transaction. */
    public record EventView(UUID id, String eventType, String eventResult, String resultCode, BigDecimal amount,
                            OffsetDateTime date) {

        static EventView of(TransactionEvent e, String currency) {
            return new EventView(e.id(), e.eventType(), e.eventResult(), e.resultCode(),
                    Money.scaled(e.amount(), currency), e.occurredAt());
        }
    }

    static TransactionView of(CardTransaction t, List<TransactionEvent> events) {
        return new TransactionView(t.id(), Money.scaled(t.amount(), t.currency()), t.currency(), t.status().name(),
                t.resultCode(), t.maskedCardNumber(), t.ccType(), Money.scaled(t.capturedAmount(), t.currency()),
                Money.scaled(t.refundedAmount(), t.currency()), t.orderId(), t.description(), Tags.read(t.tags()),
                t.createdAt(), events.stream().map(e -> EventView.of(e, t.currency())).toList());
    }
}
