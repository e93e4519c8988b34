package com.paycore.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.time.ZoneId;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import com.ibm.icu.util.TimeZone;

import com.paycore.platform.web.AppException;

class ReportZonesTest {

    @ParameterizedTest
    @CsvSource(value = {
            "null, America/New_York", "'', America/New_York", "'  ', America/New_York",
            "Eastern Standard Time, America/New_York", "eastern standard time, America/New_York",
            "W. Europe Standard Time, Europe/Berlin", "Pacific Standard Time, America/Los_Angeles",
            "Tokyo Standard Time, Asia/Tokyo", "UTC, UTC",
            "Europe/Berlin, Europe/Berlin", "europe/berlin, Europe/Berlin", "America/New_York, America/New_York",
            "' Asia/Kolkata ', Asia/Kolkata"}, nullValues = "null")
    void windowsAndIanaIds(String given, String expected) {
        ZoneId zone = ReportZones.resolve(given);
        // ICU may name UTC Etc/UTC: compare the rules' meaning, and the id where it is a plain region.
        if ("UTC".equals(expected)) {
            assertTrue(zone.getRules().isFixedOffset() && zone.getRules().getOffset(Instant.EPOCH).getTotalSeconds() == 0);
        } else {
            assertEquals(ZoneId.of(expected), zone);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"Nowhere Standard Time", "Mars/Olympus", "+05:00", "GMT+5", "SystemV/EST5", "x' OR '1'='1"})
    void unknownIdsAre400(String given) {
        AppException e = assertThrows(AppException.class, () -> ReportZones.resolve(given));
        assertEquals(400, e.code().status());
        assertTrue(e.getMessage().startsWith("timeZoneId: unknown time zone"), e.getMessage());
    }

    /** The table in the WAR is CLDR's as ICU4J (test scope only: 15 MB the WAR need not carry) has it today. */
    @Test
    void theWindowsTableIsIcu4jsForEveryZoneTheJdkKnows() {
        Map<String, String> expected = new HashMap<>();
        TreeMap<String, String> lines = new TreeMap<>();
        for (String zone : ZoneId.getAvailableZoneIds()) {
            String windows = zone.startsWith("SystemV/") ? null : TimeZone.getWindowsID(zone);
            if (windows != null) {
                String iana = TimeZone.getIDForWindowsID(windows, "001");
                expected.put(windows.toLowerCase(Locale.ROOT), iana);
                lines.put(windows, iana);
            }
        }
        StringBuilder table = new StringBuilder();
        lines.forEach((windows, iana) -> table.append(windows).append('\t').append(iana).append('\n'));
        assertEquals(expected, ReportZones.windowsTable(),
                "src/main/resources/com/paycore/report/" + ReportZones.TABLE + " should hold:\n" + table);
        assertTrue(expected.size() > 100, "Windows ids: " + expected.size());
    }
}
