package com.paycore.console;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.Test;

class CountdownTest {

    private static final Instant NOW = Instant.parse("2026-11-26T12:00:00Z");

    private static String left(Duration d) {
        return Countdown.until(NOW.plus(d), NOW);
    }

    @Test
    void daysAndHoursLeftRoundedDown() {
        assertEquals("9 days 23 hours left", left(Duration.ofDays(10).minusMinutes(1)));
        assertEquals("10 days left", left(Duration.ofDays(10)));
        assertEquals("1 day 1 hour left", left(Duration.ofHours(25).plusMinutes(59)));
        assertEquals("1 day left", left(Duration.ofHours(24)));
        assertEquals("5 hours left", left(Duration.ofHours(5).plusMinutes(30)));
        assertEquals("1 hour left", left(Duration.ofMinutes(60)));
        assertEquals("less than an hour left", left(Duration.ofMinutes(59)));
        assertEquals("less than an hour left", left(Duration.ZERO));
    }

    @Test
    void pastTheDateReadsOverdueInWords() {
        assertEquals("overdue by less than an hour", left(Duration.ofSeconds(-1)));
        assertEquals("overdue by 3 hours", left(Duration.ofHours(-3).minusMinutes(10)));
        assertEquals("overdue by 2 days 1 hour", left(Duration.ofHours(-49)));
        assertEquals("overdue by 1 day", left(Duration.ofDays(-1)));
    }
}
