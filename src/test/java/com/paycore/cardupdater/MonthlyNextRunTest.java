package com.paycore.cardupdater;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;

import org.junit.jupiter.api.Test;

class MonthlyNextRunTest {

    @Test
    void theNextRunIsThisMonthOrTheNext() {
        MonthlySchedule first = new MonthlySchedule(1, LocalTime.of(2, 0));
        assertEquals(ZonedDateTime.of(2026, 2, 1, 2, 0, 0, 0, ZoneOffset.UTC),
                first.nextRun(ZonedDateTime.of(2026, 1, 31, 23, 0, 0, 0, ZoneOffset.UTC)));
        assertEquals(ZonedDateTime.of(2027, 1, 1, 2, 0, 0, 0, ZoneOffset.UTC),
                first.nextRun(ZonedDateTime.of(2026, 12, 1, 2, 0, 0, 0, ZoneOffset.UTC)));
        MonthlySchedule late = new MonthlySchedule(28, LocalTime.of(23, 45));
        assertEquals(ZonedDateTime.of(2026, 2, 28, 23, 45, 0, 0, ZoneOffset.UTC),
                late.nextRun(ZonedDateTime.of(2026, 1, 31, 0, 0, 0, 0, ZoneOffset.UTC)));
        assertEquals(ZonedDateTime.of(2026, 1, 28, 23, 45, 0, 0, ZoneOffset.UTC),
                late.nextRun(ZonedDateTime.of(2026, 1, 28, 23, 44, 59, 0, ZoneOffset.UTC)));
    }
}
