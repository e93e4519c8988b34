package com.paycore.webhook;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * When a failed delivery is tried again: {@code payments.webhooks.retry-schedule}, ISO 8601 durations separated by
 * commas (default {@code PT1M,PT5M,PT30M,PT2H,PT5H,PT10H}); the n-th failure waits the n-th duration, the last one
 * repeats. Each wait is spread by up to 20% either way, so the retries of many deliveries that failed together (a
 * receiver that was down) do not all come back at the same instant.
 */
record RetrySchedule(List<Duration> delays) {

    static final String SETTING = "payments.webhooks.retry-schedule";
    static final String DEFAULT = "PT1M,PT5M,PT30M,PT2H,PT5H,PT10H";
    static final double JITTER = 0.2;

    RetrySchedule {
        delays = List.copyOf(delays);
        if (delays.isEmpty()) {
            throw new IllegalArgumentException(SETTING + " names no duration");
        }
    }

    static RetrySchedule parse(String value) {
        String text = value == null || value.isBlank() ? DEFAULT : value;
        List<Duration> delays = new ArrayList<>();
        for (String part : text.split(",")) {
            String trimmed = part.trim();
            Duration delay;
            try {
                delay = Duration.parse(trimmed);
            } catch (DateTimeParseException e) {
                throw new IllegalArgumentException(SETTING + " must be ISO 8601 durations separated by commas "
                        + "(e.g. " + DEFAULT + "), got '" + trimmed + "'");
            }
            if (delay.isNegative() || delay.isZero()) {
                throw new IllegalArgumentException(SETTING + ": every duration must be positive, got " + trimmed);
            }
            delays.add(delay);
        }
        return new RetrySchedule(delays);
    }

    /** The wait after the given number of failed attempts (1 for the first failure), without jitter. */
    Duration after(int failures) {
        return delays.get(Math.min(Math.max(failures, 1), delays.size()) - 1);
    }

    /** {@link #after} spread by up to {@link #JITTER} either way. */
    Duration after(int failures, RandomGenerator random) {
        long millis = after(failures).toMillis();
        double factor = 1 + JITTER * (2 * random.nextDouble() - 1);
        return Duration.ofMillis(Math.max(1, Math.round(millis * factor)));
    }
}
