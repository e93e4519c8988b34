package com.paycore.console;

import java.time.Duration;
import java.time.Instant;

/**
 * The time left to answer a chargeback, in words: "3 days 4 hours left", "5 hours left", "less than an hour left";
 * past the date, "overdue by 2 days 1 hour". Whole hours, rounded down: a countdown never promises more than is left.
 */
final class Countdown {

    private Countdown() {
    }

    static String until(Instant deadline, Instant now) {
        Duration left = Duration.between(now, deadline);
        if (left.isNegative()) {
            Duration late = left.negated();
            return late.toHours() == 0 ? "overdue by less than an hour" : "overdue by " + span(late);
        }
        return left.toHours() == 0 ? "less than an hour left" : span(left) + " left";
    }

    private static String span(Duration duration) {
        long days = duration.toDays();
        long hours = duration.toHoursPart();
        if (days == 0) {
            return plural(hours, "hour");
        }
        return hours == 0 ? plural(days, "day") : plural(days, "day") + " " + plural(hours, "hour");
    }

    private static String plural(long n, String unit) {
        return n + " " + unit + (n == 1 ? "" : "s");
    }
}
