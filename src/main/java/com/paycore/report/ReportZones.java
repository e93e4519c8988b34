package com.paycore.report;

import java.time.ZoneId;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import com.paycore.platform.web.AppException;

/**
 * The report's time zone: a Windows id ({@code Eastern Standard Time}, the default) mapped to its IANA zone with
 * ICU4J's copy of CLDR's table (the "001" territory, i.e. the zone Windows itself uses), or an IANA id. Both are
 * matched ignoring case. Ids the databases may not know (the JDK's {@code SystemV/...} aliases) are refused.
 */
final class ReportZones {

    static final String DEFAULT = "Eastern Standard Time";

    /** Lower-case Windows id -> Windows id as ICU spells it; lower-case IANA id -> IANA id. */
    private static final Map<String, String> WINDOWS = new HashMap<>();
    private static final Map<String, String> IANA = new HashMap<>();

    static {
        Set<String> zones = ZoneId.getAvailableZoneIds();
        for (String zone : zones) {
            if (zone.startsWith("SystemV/")) {
                continue;
            }
            IANA.put(zone.toLowerCase(Locale.ROOT), zone);
            String windows = com.ibm.icu.util.TimeZone.getWindowsID(zone);
            if (windows != null) {
                WINDOWS.putIfAbsent(windows.toLowerCase(Locale.ROOT), windows);
            }
        }
    }

    private ReportZones() {
    }

    /** The zone for a timeZoneId; null or blank means the default. 400 for an unknown id. */
    static ZoneId resolve(String timeZoneId) {
        String given = timeZoneId == null || timeZoneId.isBlank() ? DEFAULT : timeZoneId.trim();
        String key = given.toLowerCase(Locale.ROOT);
        String windows = WINDOWS.get(key);
        String iana = windows == null ? null : com.ibm.icu.util.TimeZone.getIDForWindowsID(windows, "001");
        if (iana == null) {
            iana = IANA.get(key);
        }
        if (iana == null || !IANA.containsKey(iana.toLowerCase(Locale.ROOT))) {
            throw AppException.invalid("timeZoneId: unknown time zone '" + shorten(given)
                    + "' (use a Windows id such as Eastern Standard Time or an IANA id such as America/New_York)");
        }
        return ZoneId.of(iana);
    }

    static String shorten(String text) {
        return text.length() > 60 ? text.substring(0, 60) + "..." : text;
    }
}
