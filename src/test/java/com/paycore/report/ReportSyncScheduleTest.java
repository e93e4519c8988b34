package com.paycore.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import com.paycore.platform.runtime.Schedules;

class ReportSyncScheduleTest {

    private static long interval(String value) {
        return Schedules.seconds(ReportSyncSchedule.INTERVAL, value, ReportSyncSchedule.DEFAULT_SECONDS);
    }

    @Test
    void intervalDefaultsToAMinuteAndCanBeOff() {
        assertEquals(60, interval(null));
        assertEquals(60, interval(" "));
        assertEquals(5, interval("5"));
        assertEquals(0, interval("0"));
        assertEquals(0, interval("OFF"));
        assertThrows(IllegalArgumentException.class, () -> interval("-1"));
        assertThrows(IllegalArgumentException.class, () -> interval("PT1M"));
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
