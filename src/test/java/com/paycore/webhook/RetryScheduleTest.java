package com.paycore.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

/** payments.webhooks.retry-schedule: parsing, the last wait repeated, and the jitter's bounds. */
class RetryScheduleTest {

    @Test
    void theDefaultIsOneMinuteFiveThirtyTwoHoursFiveHoursThenEveryTenHours() {
        RetrySchedule schedule = RetrySchedule.parse(null);
        assertEquals(List.of(Duration.ofMinutes(1), Duration.ofMinutes(5), Duration.ofMinutes(30), Duration.ofHours(2),
                Duration.ofHours(5), Duration.ofHours(10)), schedule.delays());
        assertEquals(Duration.ofMinutes(1), schedule.after(1));
        assertEquals(Duration.ofHours(5), schedule.after(5));
        assertEquals(Duration.ofHours(10), schedule.after(6));
        assertEquals(Duration.ofHours(10), schedule.after(40), "the last wait repeats");
        assertEquals(schedule, RetrySchedule.parse("  "));
    }

    @Test
    void aShortScheduleForTests() {
        RetrySchedule schedule = RetrySchedule.parse("PT1S, PT2S");
        assertEquals(Duration.ofSeconds(1), schedule.after(1));
        assertEquals(Duration.ofSeconds(2), schedule.after(2));
        assertEquals(Duration.ofSeconds(2), schedule.after(3));
        assertEquals(Duration.ofSeconds(1), schedule.after(0), "before any failure: the first wait");
    }

    @Test
    void badValuesNameTheSetting() {
        for (String bad : new String[] {"1m", "PT1M,,PT5M", "PT0S", "-PT1M", "PT1M,soon"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RetrySchedule.parse(bad), bad);
            assertTrue(e.getMessage().contains("payments.webhooks.retry-schedule"), e.getMessage());
        }
    }

    @Test
    void jitterStaysWithinTwentyPercentAndVaries() {
        RetrySchedule schedule = RetrySchedule.parse("PT100S");
        Random random = new Random(1);
        long min = Long.MAX_VALUE;
        long max = 0;
        for (int i = 0; i < 1000; i++) {
            long millis = schedule.after(1, random).toMillis();
            assertTrue(millis >= 80_000 && millis <= 120_000, String.valueOf(millis));
            min = Math.min(min, millis);
            max = Math.max(max, millis);
        }
        assertTrue(max - min > 30_000, "spread: " + min + ".." + max);
    }
}
