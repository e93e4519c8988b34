package com.paycore.platform.input;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;

import com.paycore.platform.web.AppException;

/** Times are kept and answered in UTC; inputs without an offset are read as UTC. */
public final class Times {

    private Times() {
    }

    public static OffsetDateTime parse(String value) {
        try {
            return OffsetDateTime.parse(value).withOffsetSameInstant(ZoneOffset.UTC);
        } catch (DateTimeParseException e) {
            return LocalDateTime.parse(value, DateTimeFormatter.ISO_LOCAL_DATE_TIME).atOffset(ZoneOffset.UTC);
        }
    }

    /** A date-time field of a request body: 400 naming the field when it is not ISO 8601. */
    public static OffsetDateTime parseField(String field, String value) {
        try {
            return parse(value.trim());
        } catch (DateTimeParseException e) {
            throw AppException.invalid(field + ": not an ISO 8601 date-time");
        }
    }

    /** Database timestamps keep microseconds. */
    public static OffsetDateTime utc(Instant instant) {
        return instant.atOffset(ZoneOffset.UTC).truncatedTo(ChronoUnit.MICROS);
    }
}
