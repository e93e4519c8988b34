package com.paycore.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

class EventOrderTest {

    @Test
    void codesFollowAlphabeticalNames() {
        assertEquals(List.of("Authorize", "Capture", "Chargeback", "Refund", "RefundSettle", "ReverseAuthorize", "Settle"),
                EventOrder.TYPES);
        assertEquals(List.of("Approved", "Declined", "Error", "Pending"), EventOrder.RESULTS);
    }

    @Test
    void decodesTheCodesAtTheirPositions() {
        assertEquals("Capture", EventOrder.type("2026-03-10 03:30:00.000000|00002|1|1"));
        assertEquals("Declined", EventOrder.result("2026-03-10 03:30:00.000000|00002|1|1"));
        assertEquals("Settle", EventOrder.type("2026-03-11 05:00:00.123456|00003|6|0"));
        assertEquals("Pending", EventOrder.result("2026-03-11 05:00:00.123456|00003|6|3"));
    }

    @Test
    void unknownCodesAndNoKeyAreNull() {
        assertNull(EventOrder.type("2026-03-10 03:30:00.000000|00002|9|0"));
        assertNull(EventOrder.result("2026-03-10 03:30:00.000000|00002|1|9"));
        assertNull(EventOrder.type(null));
        assertNull(EventOrder.result("2026"));
    }

    @Test
    void sqlNamesEveryTypeAndResultAndHasNoLongDigitRuns() {
        for (Dialect dialect : Dialect.values()) {
            String sql = EventOrder.sql(dialect, "e");
            EventOrder.TYPES.forEach(t -> assertTrue(sql.contains("'" + t + "' THEN '" + EventOrder.TYPES.indexOf(t) + "'"), sql));
            EventOrder.RESULTS.forEach(r -> assertTrue(sql.contains("'" + r + "' THEN '" + EventOrder.RESULTS.indexOf(r) + "'"), sql));
        }
        // What the text looks like: no run of digits a card-number scan could take for a card number.
        assertTrue(Pattern.compile("\\d{7,}").matcher("2026-03-10 03:30:00.000000|00002|1|0").results().findAny().isEmpty());
    }
}
