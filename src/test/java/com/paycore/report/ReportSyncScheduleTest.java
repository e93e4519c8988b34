package com.paycore.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

class ReportSyncScheduleTest {

    @Test
    void intervalDefaultsToAMinuteAndCanBeOff() {
        assertEquals(60, ReportSyncSchedule.interval(null));
        assertEquals(60, ReportSyncSchedule.interval(" "));
        assertEquals(5, ReportSyncSchedule.interval("5"));
        assertEquals(0, ReportSyncSchedule.interval("0"));
        assertEquals(0, ReportSyncSchedule.interval("OFF"));
        assertThrows(IllegalArgumentException.class, () -> ReportSyncSchedule.interval("-1"));
        assertThrows(IllegalArgumentException.class, () -> ReportSyncSchedule.interval("PT1M"));
    }

    @Test
    void storedTagsBecomeRowsAndUnreadableOnesNone() {
        UUID id = UUID.randomUUID();
        assertEquals(Map.of("channel", "web", "campaign", "spring"),
                ReportSync.tags(id, "{\"campaign\":\"spring\",\"channel\":\"web\"}"));
        assertEquals(Map.of(), ReportSync.tags(id, "not json"));
        assertEquals(Map.of(), ReportSync.tags(id, "[1,2]"));
    }
}
