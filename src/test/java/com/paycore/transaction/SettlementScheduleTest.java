package com.paycore.transaction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.LocalTime;
import java.time.ZoneId;

import org.junit.jupiter.api.Test;

class SettlementScheduleTest {

    @Test
    void cutoffDefaultsToMidnightUtc() {
        assertEquals(LocalTime.MIDNIGHT, SettlementSchedule.parseCutoff(null));
        assertEquals(LocalTime.of(22, 30), SettlementSchedule.parseCutoff(" 22:30 "));
        assertEquals(ZoneId.of("UTC"), SettlementSchedule.parseZone(""));
        assertEquals(ZoneId.of("Europe/Berlin"), SettlementSchedule.parseZone("Europe/Berlin"));
    }

    @Test
    void badSettingsFailLoudly() {
        assertThrows(IllegalArgumentException.class, () -> SettlementSchedule.parseCutoff("25:00"));
        assertThrows(IllegalArgumentException.class, () -> SettlementSchedule.parseCutoff("noon"));
        assertThrows(IllegalArgumentException.class, () -> SettlementSchedule.parseZone("Mars/Olympus"));
    }
}
