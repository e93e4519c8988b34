package com.paycore.idempotency;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.ZoneOffset;
import java.time.ZonedDateTime;

import org.junit.jupiter.api.Test;

class CleanupNextRunTest {

    @Test
    void minuteSeventeenOfThisHourOrTheNext() {
        assertEquals(ZonedDateTime.of(2026, 1, 1, 10, 17, 0, 0, ZoneOffset.UTC),
                IdempotencyCleanup.nextRun(ZonedDateTime.of(2026, 1, 1, 10, 5, 0, 0, ZoneOffset.UTC)));
        assertEquals(ZonedDateTime.of(2026, 1, 1, 11, 17, 0, 0, ZoneOffset.UTC),
                IdempotencyCleanup.nextRun(ZonedDateTime.of(2026, 1, 1, 10, 17, 0, 0, ZoneOffset.UTC)));
        assertEquals(ZonedDateTime.of(2026, 1, 2, 0, 17, 0, 0, ZoneOffset.UTC),
                IdempotencyCleanup.nextRun(ZonedDateTime.of(2026, 1, 1, 23, 50, 0, 0, ZoneOffset.UTC)));
    }
}
