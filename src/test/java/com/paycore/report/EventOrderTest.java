package com.paycore.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.math.BigDecimal;
import java.util.List;

import org.junit.jupiter.api.Test;

class EventOrderTest {

    @Test
    void codesFollowAlphabeticalNames() {
        assertEquals(List.of("Authorize", "Capture", "Chargeback", "Refund", "RefundSettle", "ReverseAuthorize", "Settle"),
                EventOrder.TYPES);
        assertEquals(List.of("Approved", "Declined", "Error", "Pending"), EventOrder.RESULTS);
    }

    @Test
    void decodesTheLastTwoDigits() {
        // 2026-03-10T03:30:00Z in microseconds, position 2, Capture (1), Declined (1).
        BigDecimal key = new BigDecimal("1773113400000000").multiply(BigDecimal.TEN.pow(7))
                .add(BigDecimal.valueOf(2 * 100 + 10 + 1));
        assertEquals("Capture", EventOrder.type(key));
        assertEquals("Declined", EventOrder.result(key));
        assertEquals("Settle", EventOrder.type(new BigDecimal("17731134000000000000260")));
        assertEquals("Pending", EventOrder.result(new BigDecimal("17731134000000000000263")));
    }

    @Test
    void unknownCodesAndNoKeyAreNull() {
        assertNull(EventOrder.type(new BigDecimal("195")));
        assertNull(EventOrder.result(new BigDecimal("109")));
        assertNull(EventOrder.type(null));
        assertNull(EventOrder.result(null));
    }

    @Test
    void sqlNamesEveryTypeAndResult() {
        String sql = EventOrder.sql("e");
        EventOrder.TYPES.forEach(t -> org.junit.jupiter.api.Assertions.assertTrue(sql.contains("'" + t + "' THEN "
                + EventOrder.TYPES.indexOf(t)), sql));
        EventOrder.RESULTS.forEach(r -> org.junit.jupiter.api.Assertions.assertTrue(sql.contains("'" + r + "' THEN "
                + EventOrder.RESULTS.indexOf(r)), sql));
    }
}
