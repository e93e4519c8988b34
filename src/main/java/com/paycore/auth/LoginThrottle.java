package com.paycore.auth;

import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Keeps the password grant's PBKDF2 work from being a lever against the whole service (issue 24, item 1). Before any
 * hash is computed an attempt must pass a per-client-address and a per-username count (fixed windows of
 * {@code payments.auth.token.window}); then it needs one of {@code payments.auth.token.max-concurrent-checks}
 * permits, waiting at most {@code payments.auth.token.check-wait} for one. A refusal is 429 with Retry-After. The counts
 * are per instance and in memory (a restart forgets them; N instances allow N times the count): they bound the cost
 * of a flood, they are not the lockout, which stays on the user row. A limit of 0 switches that limit off.
 */
@ApplicationScoped
class LoginThrottle {

    /** Past this many tracked keys, expired ones are dropped; past twice as many, all are (a flood of fresh keys). */
    static final int TRACKED_KEYS = 50_000;

    @Inject
    @ConfigProperty(name = "payments.auth.token.attempts-per-address", defaultValue = "30")
    int perAddress;

    @Inject
    @ConfigProperty(name = "payments.auth.token.attempts-per-username", defaultValue = "10")
    int perUsername;

    @Inject
    @ConfigProperty(name = "payments.auth.token.window", defaultValue = "PT1M")
    Duration window;

    /** Unset: half the processors, at least one, so that password checks never take every core. */
    @Inject
    @ConfigProperty(name = "payments.auth.token.max-concurrent-checks")
    java.util.Optional<Integer> concurrentChecks;

    @Inject
    @ConfigProperty(name = "payments.auth.token.check-wait", defaultValue = "PT1S")
    Duration checkWait;

    private Counts counts;
    private Semaphore checks;

    @PostConstruct
    void init() {
        if (window.isNegative() || window.isZero()) {
            throw new IllegalStateException("payments.auth.token.window must be a positive ISO 8601 duration");
        }
        counts = new Counts(window.toNanos());
        int permits = concurrentChecks.orElse(Math.max(1, Runtime.getRuntime().availableProcessors() / 2));
        checks = permits > 0 ? new Semaphore(permits, true) : null;
    }

    /** Counts a password attempt of the address and the username; throws the 429 refusal when either is over. */
    void admit(String address, String username) {
        long now = System.nanoTime();
        if (perAddress > 0) {
            refuseAfter(counts.count("a:" + address, perAddress, now));
        }
        if (perUsername > 0) {
            refuseAfter(counts.count("u:" + username.trim().toLowerCase(Locale.ROOT), perUsername, now));
        }
    }

    /** A permit for one password check; close it when the check is done. Throws the 429 refusal when none comes. */
    Permit permit() {
        if (checks == null) {
            return () -> { };
        }
        try {
            if (!checks.tryAcquire(checkWait.toNanos(), TimeUnit.NANOSECONDS)) {
                throw OAuthException.temporarilyUnavailable("Too many sign-ins at once; retry shortly", 1);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw OAuthException.temporarilyUnavailable("Too many sign-ins at once; retry shortly", 1);
        }
        return checks::release;
    }

    private static void refuseAfter(long retryAfterNanos) {
        if (retryAfterNanos > 0) {
            long seconds = Math.max(1, (retryAfterNanos + 999_999_999L) / 1_000_000_000L);
            throw OAuthException.temporarilyUnavailable("Too many sign-in attempts; retry after " + seconds + " s", seconds);
        }
    }

    /** A held permit of a password check. */
    interface Permit extends AutoCloseable {
        @Override
        void close();
    }

    /** Fixed-window attempt counts by key, safe for concurrent use. */
    static final class Counts {

        private final long windowNanos;
        private final Map<String, long[]> windows = new ConcurrentHashMap<>(); // {window start, count}

        Counts(long windowNanos) {
            this.windowNanos = windowNanos;
        }

        /** Counts one attempt at now (System.nanoTime()); 0 when within the limit, else the nanos until the window ends. */
        long count(String key, int limit, long now) {
            if (windows.size() > TRACKED_KEYS) {
                windows.values().removeIf(w -> now - w[0] >= windowNanos);
                if (windows.size() > 2 * TRACKED_KEYS) {
                    windows.clear();
                }
            }
            long[] result = new long[1];
            windows.compute(key, (k, w) -> {
                if (w == null || now - w[0] >= windowNanos) {
                    w = new long[] {now, 0};
                }
                if (w[1] >= limit) {
                    result[0] = Math.max(1, w[0] + windowNanos - now);
                } else {
                    w[1]++;
                }
                return w;
            });
            return result[0];
        }

        int tracked() {
            return windows.size();
        }
    }
}
