package com.paycore.metrics;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;

import org.junit.jupiter.api.Test;

/** payments.metrics.business-refresh-seconds: how old a reading a scrape is answered with. */
class BusinessFiguresFreshnessTest {

    private static final long READ_AT = 1_000_000_000L;

    private static long after(Duration elapsed) {
        return READ_AT + elapsed.toNanos();
    }

    @Test
    void aReadingIsReusedWithinTheSettingAndReadAgainAfterIt() {
        assertFalse(BusinessFigures.stale(true, READ_AT, after(Duration.ofSeconds(9)), 10));
        assertFalse(BusinessFigures.stale(true, READ_AT, after(Duration.ofSeconds(10)), 10));
        assertTrue(BusinessFigures.stale(true, READ_AT, after(Duration.ofMillis(10_001)), 10));
        assertFalse(BusinessFigures.stale(true, READ_AT, after(Duration.ofMillis(900)), 1));
        assertTrue(BusinessFigures.stale(true, READ_AT, after(Duration.ofMillis(1_001)), 1));
    }

    @Test
    void nothingReadYetOrZeroReadsOnEveryScrape() {
        assertTrue(BusinessFigures.stale(false, READ_AT, READ_AT, 10));
        assertTrue(BusinessFigures.stale(true, READ_AT, after(Duration.ofNanos(1)), 0));
        assertTrue(BusinessFigures.stale(true, READ_AT, after(Duration.ofNanos(1)), -5));
    }
}
