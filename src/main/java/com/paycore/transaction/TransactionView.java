package com.paycore.transaction;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A transaction as E16 answers it: the card masked, amounts in the currency's minor units, its events in order. */
public record TransactionView(@Schema(example = "7c9e6679-7425-40de-944b-e07fc1f90ae7") UUID id, @Schema(example = "12.34") BigDecimal amount,
                              @Schema(example = "USD") String currency, @Schema(example = "Approved") String status,
                              @Schema(example = "00") String resultCode,
                              @Schema(example = "************1111") String maskedCardNumber,
                              @Schema(example = "VISA") String ccType, @Schema(example = "0.00") BigDecimal capturedAmount,
                              @Schema(example = "0.00") BigDecimal refundedAmount,
                              @Schema(example = "order-1001") String orderId,
                              @Schema(example = "Two books") String description, Map<String, String> tags,
                              @Schema(example = "2026-03-10T14:05:09.120Z") OffsetDateTime createdDate,
                              List<EventView> events) {

    /** The transaction of the examples after its capture (CaptureResponse) and a partial refund (RefundResponse). */
    static final String CAPTURED_EXAMPLE = "{\"id\": \"7c9e6679-7425-40de-944b-e07fc1f90ae7\", \"amount\": 12.34, \"currency\": \"USD\", "
            + "\"status\": \"Captured\", \"resultCode\": \"00\", \"maskedCardNumber\": \"************1111\", "
            + "\"ccType\": \"VISA\", \"capturedAmount\": 12.34, \"refundedAmount\": 0.00, \"orderId\": \"order-1001\", "
            + "\"description\": \"Two books\", \"createdDate\": \"2026-03-10T14:05:09.120Z\"}";
    static final String REFUNDED_EXAMPLE = "{\"id\": \"7c9e6679-7425-40de-944b-e07fc1f90ae7\", \"amount\": 12.34, \"currency\": \"USD\", "
            + "\"status\": \"PartiallyRefunded\", \"resultCode\": \"00\", \"maskedCardNumber\": \"************1111\", "
            + "\"ccType\": \"VISA\", \"capturedAmount\": 12.34, \"refundedAmount\": 5.00, \"orderId\": \"order-1001\", "
            + "\"description\": \"Two books\", \"createdDate\": \"2026-03-10T14:05:09.120Z\"}";

    /** One event of the transaction. */
    public record EventView(@Schema(example = "c4a8e2f6-1b3d-4f5a-8c7e-9d2b4f6a8e10") UUID id,
                            @Schema(example = "Authorize") String eventType,
                            @Schema(example = "Approved") String eventResult, @Schema(example = "00") String resultCode,
                            @Schema(example = "12.34") BigDecimal amount,
                            @Schema(example = "2026-03-10T14:05:09.120Z") OffsetDateTime date) {

        static EventView of(TransactionEvent e, String currency) {
            return new EventView(e.id(), e.eventType(), e.eventResult(), e.resultCode(),
                    MoneyRules.scaled(e.amount(), currency), e.occurredAt());
        }
    }

    /** resultCode is that of the transaction's latest event (DESIGN.md section 11). */
    static TransactionView of(CardTransaction t, List<TransactionEvent> events) {
        return new TransactionView(t.id(), MoneyRules.scaled(t.amount(), t.currency()), t.currency(), t.status().name(),
                events.isEmpty() ? t.resultCode() : events.get(events.size() - 1).resultCode(), t.maskedCardNumber(), t.ccType(), MoneyRules.scaled(t.capturedAmount(), t.currency()),
                MoneyRules.scaled(t.refundedAmount(), t.currency()), t.orderId(), t.description(), Tags.read(t.tags()),
                t.createdAt(), events.stream().map(e -> EventView.of(e, t.currency())).toList());
    }
}
