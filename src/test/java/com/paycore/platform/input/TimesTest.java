package com.paycore.platform.input;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TimesTest {

    @Test
    void withOffsetIsConvertedToUtc() {
        OffsetDateTime t = Times.parse("2025-03-01T14:30:00+02:00");
        assertEquals(OffsetDateTime.of(2025, 3, 1, 12, 30, 0, 0, ZoneOffset.UTC), t);
        assertEquals(ZoneOffset.UTC, t.getOffset());
        assertEquals(OffsetDateTime.of(2025, 3, 2, 3, 0, 0, 0, ZoneOffset.UTC), Times.parse("2025-03-01T22:00:00-05:00"));
    }

    @Test
    void zuluStaysUtc() {
        assertEquals(OffsetDateTime.of(2025, 3, 1, 12, 0, 0, 123_000_000, ZoneOffset.UTC),
                Times.parse("2025-03-01T12:00:00.123Z"));
    }

    @Test
    void withoutOffsetIsReadAsUtc() {
        OffsetDateTime t = Times.parse("2025-03-01T12:30:15");
        assertEquals(OffsetDateTime.of(2025, 3, 1, 12, 30, 15, 0, ZoneOffset.UTC), t);
        assertEquals(ZoneOffset.UTC, t.getOffset());
        assertEquals(OffsetDateTime.of(2025, 3, 1, 12, 30, 0, 0, ZoneOffset.UTC), Times.parse("2025-03-01T12:30"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "yesterday", "2025-03-01", "2025-13-01T00:00:00", "2025-03-01 12:00:00", "12:00:00"})
    void rejectsOtherText(String value) {
        assertThrows(DateTimeParseException.class, () -> Times.parse(value));
    }

    @Test
    void utcKeepsMicroseconds() {
        OffsetDateTime t = Times.utc(Instant.parse("2025-03-01T12:00:00.123456789Z"));
        assertEquals(OffsetDateTime.of(2025, 3, 1, 12, 0, 0, 123_456_000, ZoneOffset.UTC), t);
    }
}
