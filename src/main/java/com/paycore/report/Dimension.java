package com.paycore.report;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

import com.paycore.transaction.TransactionService;

/**
 * The dimensions of E3's {@code group}, {@code order} and {@code filter} keys (the constants are the wire keys), each
 * with the fact-table column it reads: the whitelist every report's SQL is built from. Time dimensions are computed
 * in the report's time zone: those without {@code event} from the transaction's creation time, the {@code event*}
 * ones from the event's time.
 */
enum Dimension {
    projectName("project_name"),
    dateTime(TimeField.DATE_TIME, Source.TRANSACTION),
    time(TimeField.TIME, Source.TRANSACTION),
    date(TimeField.DATE, Source.TRANSACTION),
    week(TimeField.WEEK, Source.TRANSACTION),
    month(TimeField.MONTH, Source.TRANSACTION),
    year(TimeField.YEAR, Source.TRANSACTION),
    resultCode("event_result_code"),
    eventType("event_type", TransactionService.eventTypes()),
    eventResult("event_result", TransactionService.eventResults()),
    eventDateTime(TimeField.DATE_TIME, Source.EVENT),
    eventTime(TimeField.TIME, Source.EVENT),
    eventDate(TimeField.DATE, Source.EVENT),
    eventWeek(TimeField.WEEK, Source.EVENT),
    eventMonth(TimeField.MONTH, Source.EVENT),
    eventYear(TimeField.YEAR, Source.EVENT),
    ip("ip"),
    fingerprint("fingerprint"),
    validCVV("valid_cvv", Kind.BOOL),
    email("email"),
    ccType("cc_type", List.of("VISA", "MASTERCARD", "AMEX", "DISCOVER", "JCB", "DINERS", "UNIONPAY")),
    ccLast4("cc_last4"),
    ccExpirationDate("cc_expiration"),
    billingFirstName("billing_first_name"),
    billingLastName("billing_last_name"),
    billingAddressLine1("billing_address_line1"),
    billingAddressLine2("billing_address_line2"),
    billingCity("billing_city"),
    billingState("billing_state"),
    billingZip("billing_zip"),
    billingCountry("billing_country"),
    deliveryFirstName("delivery_first_name"),
    deliveryLastName("delivery_last_name"),
    deliveryAddressLine1("delivery_address_line1"),
    deliveryAddressLine2("delivery_address_line2"),
    deliveryCity("delivery_city"),
    deliveryState("delivery_state"),
    deliveryZip("delivery_zip"),
    deliveryCountry("delivery_country");

    /** How values of a dimension are typed on the wire and compared in SQL. */
    enum Kind { TEXT, INT, BOOL }

    /** A part of a point in time, as the report's zone reads it. */
    enum TimeField {
        /** {@code 2026-03-09T23:30:00}: the wall-clock date and time, to the second. */
        DATE_TIME(Kind.TEXT),
        /** {@code 23:30:00}. */
        TIME(Kind.TEXT),
        /** {@code 2026-03-09}. */
        DATE(Kind.TEXT),
        /** The ISO 8601 week number, 1 to 53. */
        WEEK(Kind.INT),
        /** 1 to 12. */
        MONTH(Kind.INT),
        /** {@code "2026"}, a string as the spec says. */
        YEAR(Kind.TEXT);

        final Kind kind;

        TimeField(Kind kind) {
            this.kind = kind;
        }
    }

    /** Whose time a time dimension reads. */
    enum Source {
        TRANSACTION("created_at"), EVENT("occurred_at");

        final String column;

        Source(String column) {
            this.column = column;
        }
    }

    private static final Map<String, Dimension> BY_KEY = Arrays.stream(values())
            .collect(Collectors.toMap(Enum::name, Function.identity()));

    private final String column;
    private final TimeField timeField;
    private final Kind kind;
    private final List<String> allowed;

    Dimension(String column) {
        this(column, null, Kind.TEXT, List.of());
    }

    Dimension(String column, Kind kind) {
        this(column, null, kind, List.of());
    }

    Dimension(String column, List<String> allowed) {
        this(column, null, Kind.TEXT, allowed);
    }

    Dimension(TimeField field, Source source) {
        this(source.column, field, field.kind, List.of());
    }

    Dimension(String column, TimeField timeField, Kind kind, List<String> allowed) {
        this.column = column;
        this.timeField = timeField;
        this.kind = kind;
        this.allowed = allowed;
    }

    static Optional<Dimension> byKey(String key) {
        return Optional.ofNullable(BY_KEY.get(key));
    }

    String key() {
        return name();
    }

    /** The fact-table column (for time dimensions, the point in time it is computed from). */
    String column() {
        return column;
    }

    /** The part of time it reads, or null for a plain column. */
    TimeField timeField() {
        return timeField;
    }

    Kind kind() {
        return kind;
    }

    /** The values Equals and NotEquals accept, when the dimension is an enumeration; empty otherwise. */
    List<String> allowed() {
        return allowed;
    }
}
