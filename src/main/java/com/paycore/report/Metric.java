package com.paycore.report;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * E3's metric keys, in the order entries carry them (the constants are the wire keys). {@code *Count}/{@code *Value}
 * count and sum the approved events of one type (DESIGN.md section 8); {@code amount} sums every event's amount,
 * whatever its type and result; {@code eventCount} counts every event.
 */
enum Metric {
    paymentAuthorizationsCount(Measure.COUNT, "Authorize"),
    paymentAuthorizationsValue(Measure.VALUE, "Authorize"),
    paymentSettlementsCount(Measure.COUNT, "Settle"),
    paymentSettlementsValue(Measure.VALUE, "Settle"),
    refundAuthorizationsCount(Measure.COUNT, "Refund"),
    refundAuthorizationsValue(Measure.VALUE, "Refund"),
    refundSettlementsCount(Measure.COUNT, "RefundSettle"),
    refundSettlementsValue(Measure.VALUE, "RefundSettle"),
    paymentReverseAuthorizationsCount(Measure.COUNT, "ReverseAuthorize"),
    paymentReverseAuthorizationsValue(Measure.VALUE, "ReverseAuthorize"),
    chargebacksCount(Measure.COUNT, "Chargeback"),
    chargebacksValue(Measure.VALUE, "Chargeback"),
    amount(Measure.AMOUNT, null),
    firstEventDate(Measure.FIRST_DATE, null),
    lastEventDate(Measure.LAST_DATE, null),
    firstEventDateTime(Measure.FIRST_DATE_TIME, null),
    lastEventDateTime(Measure.LAST_DATE_TIME, null),
    eventCount(Measure.EVENT_COUNT, null),
    lastEventType(Measure.LAST_TYPE, null),
    lastEventResult(Measure.LAST_RESULT, null);

    /** What a metric computes, hence how it is read from a row. */
    enum Measure { COUNT, VALUE, AMOUNT, EVENT_COUNT, FIRST_DATE, LAST_DATE, FIRST_DATE_TIME, LAST_DATE_TIME, LAST_TYPE, LAST_RESULT }

    /** The event types the Count/Value pairs count, in the order of their columns. */
    static final List<String> COUNTED_TYPES = List.of("Authorize", "Settle", "Refund", "RefundSettle",
            "ReverseAuthorize", "Chargeback");

    private static final Map<String, Metric> BY_KEY = Arrays.stream(values())
            .collect(Collectors.toMap(Enum::name, Function.identity()));

    private final Measure measure;
    private final String eventType;

    Metric(Measure measure, String eventType) {
        this.measure = measure;
        this.eventType = eventType;
    }

    static Optional<Metric> byKey(String key) {
        return Optional.ofNullable(BY_KEY.get(key));
    }

    Measure measure() {
        return measure;
    }

    /**
     * The column of the grouped rows this metric is read from (see {@link ReportSql}); for the last event's type and
     * result, the order key it is decoded from.
     */
    String column() {
        return switch (measure) {
            case COUNT -> "count_" + COUNTED_TYPES.indexOf(eventType);
            case VALUE -> "value_" + COUNTED_TYPES.indexOf(eventType);
            case AMOUNT -> "amount_sum";
            case EVENT_COUNT -> "event_count";
            case FIRST_DATE, FIRST_DATE_TIME -> "first_at";
            case LAST_DATE, LAST_DATE_TIME -> "last_at";
            case LAST_TYPE, LAST_RESULT -> "last_key";
        };
    }

    /** What ORDER BY sorts on for this metric, over the grouped rows {@code g}. */
    String orderExpression() {
        return switch (measure) {
            case LAST_TYPE -> "SUBSTRING(g.last_key FROM " + EventOrder.TYPE_POSITION + " FOR 1)";
            case LAST_RESULT -> "SUBSTRING(g.last_key FROM " + EventOrder.RESULT_POSITION + " FOR 1)";
            case VALUE -> "COALESCE(g." + column() + ", 0)";
            default -> "g." + column();
        };
    }
}
