package com.paycore.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.ZoneId;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

import com.paycore.platform.web.AppException;

/**
 * The report's time zone: a Windows id ({@code Eastern Standard Time}, the default) mapped to its IANA zone with
 * CLDR's table ({@code windows-zones.tsv} beside this class: the "001" territory, i.e. the zone Windows itself uses;
 * taken from ICU4J, which a test checks it against), or an IANA id. Both are matched ignoring case. Ids the
 * databases may not know (the JDK's {@code SystemV/...} aliases) are refused.
 */
final class ReportZones {

    static final String DEFAULT = "Eastern Standard Time";

    static final String TABLE = "windows-zones.tsv";

    /** Lower-case Windows id -> its IANA id; lower-case IANA id -> IANA id. */
    private static final Map<String, String> WINDOWS = windowsTable();
    private static final Map<String, String> IANA = new HashMap<>();

    static {
        for (String zone : ZoneId.getAvailableZoneIds()) {
            if (!zone.startsWith("SystemV/")) {
                IANA.put(zone.toLowerCase(Locale.ROOT), zone);
            }
        }
    }

    /** The table's lines ({@code Windows id<TAB>IANA id}; {@code #} starts a comment), keyed by lower-case Windows id. */
    static Map<String, String> windowsTable() {
        Map<String, String> table = new HashMap<>();
        try (InputStream in = ReportZones.class.getResourceAsStream(TABLE)) {
            if (in == null) {
                throw new IllegalStateException(TABLE + " is missing beside " + ReportZones.class.getName());
            }
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                String[] pair = line.split("\t");
                if (!line.startsWith("#") && pair.length == 2) {
                    table.put(pair[0].toLowerCase(Locale.ROOT), pair[1]);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return table;
    }

    private ReportZones() {
    }

    /** The zone for a timeZoneId; null or blank means the default. 400 for an unknown id. */
    static ZoneId resolve(String timeZoneId) {
        String given = timeZoneId == null || timeZoneId.isBlank() ? DEFAULT : timeZoneId.trim();
        String key = given.toLowerCase(Locale.ROOT);
        String iana = WINDOWS.get(key);
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
