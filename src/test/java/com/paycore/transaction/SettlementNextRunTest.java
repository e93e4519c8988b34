package com.paycore.transaction;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;

import org.junit.jupiter.api.Test;

class SettlementNextRunTest {

    private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");

    @Test
    void theNextCutoffIsStrictlyLater() {
        ZonedDateTime morning = ZonedDateTime.of(2026, 3, 10, 9, 0, 0, 0, BERLIN);
        assertEquals(ZonedDateTime.of(2026, 3, 10, 22, 30, 0, 0, BERLIN), SettlementSchedule.nextRun(morning, LocalTime.of(22, 30)));
        ZonedDateTime atCutoff = ZonedDateTime.of(2026, 3, 10, 22, 30, 0, 0, BERLIN);
        assertEquals(ZonedDateTime.of(2026, 3, 11, 22, 30, 0, 0, BERLIN), SettlementSchedule.nextRun(atCutoff, LocalTime.of(22, 30)));
        assertEquals(ZonedDateTime.of(2026, 3, 11, 0, 0, 0, 0, BERLIN), SettlementSchedule.nextRun(morning, LocalTime.MIDNIGHT));
    }
}
