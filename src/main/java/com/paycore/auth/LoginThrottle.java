package com.paycore.auth;

import java.io.IOException;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import com.paycore.platform.web.StrictJson;

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

    /** How long the refusal of an address over its count is held back (no thread waits); 0: answered at once. */
    @Inject
    @ConfigProperty(name = "payments.auth.token.refusal-delay", defaultValue = "PT1S")
    Duration refusalDelay;

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

    /** The seconds an address over its limit must wait (0: it is not over it); counts nothing. */
    long addressWait(String address) {
        if (perAddress <= 0) {
            return 0;
        }
        return seconds(counts.peek("a:" + address, perAddress, System.nanoTime()));
    }

    long refusalDelayMillis() {
        return refusalDelay.isNegative() ? 0 : refusalDelay.toMillis();
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
            long seconds = seconds(retryAfterNanos);
            throw OAuthException.temporarilyUnavailable(tooMany(seconds), seconds);
        }
    }

    static String tooMany(long seconds) {
        return "Too many sign-in attempts; retry after " + seconds + " s";
    }

    /** Whole seconds, rounded up, at least 1; 0 for 0. */
    private static long seconds(long nanos) {
        return nanos <= 0 ? 0 : Math.max(1, (nanos + 999_999_999L) / 1_000_000_000L);
    }

    /** A held permit of a password check. */
    interface Permit extends AutoCloseable {
        @Override
        void close();
    }

    /**
     * The cheap refusal of a flood: a POST to the token endpoint from an address already over its limit is answered 429
     * here, before the application parses anything (no JAX-RS, no body read), for any grant, until the address's window
     * ends. The answer is held back {@code payments.auth.token.refusal-delay} without holding a thread (asynchronous
     * servlet request), so a client looping on its refusals sends about one request a second per connection instead of
     * thousands; at most {@link #MAX_HELD} refusals are held at once, beyond that they are answered at once. Attempts are
     * still counted (and the other limits applied) in the resource.
     */
    @WebFilter(urlPatterns = "/api/auth/token", asyncSupported = true)
    public static class Gate implements Filter {

        static final int MAX_HELD = 2000;
        private static final AtomicInteger HELD = new AtomicInteger();

        @Inject
        LoginThrottle throttle;

        @Resource(lookup = "java:comp/DefaultManagedScheduledExecutorService")
        ScheduledExecutorService timer;

        @Override
        public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
                throws IOException, ServletException {
            HttpServletRequest http = (HttpServletRequest) request;
            long wait = "POST".equals(http.getMethod()) ? throttle.addressWait(http.getRemoteAddr()) : 0;
            if (wait == 0) {
                chain.doFilter(request, response);
                return;
            }
            HttpServletResponse answer = (HttpServletResponse) response;
            long delay = throttle.refusalDelayMillis();
            if (delay > 0 && timer != null && request.isAsyncSupported()) {
                if (HELD.incrementAndGet() <= MAX_HELD) {
                    AsyncContext held = request.startAsync();
                    held.setTimeout(delay + 30_000);
                    timer.schedule(() -> {
                        try {
                            refuse(answer, wait);
                        } catch (IOException | RuntimeException gone) {
                            // the client went away meanwhile
                        } finally {
                            HELD.decrementAndGet();
                            held.complete();
                        }
                    }, delay, TimeUnit.MILLISECONDS);
                    return;
                }
                HELD.decrementAndGet();
            }
            refuse(answer, wait);
        }

        private static void refuse(HttpServletResponse answer, long wait) throws IOException {
            answer.setStatus(429);
            answer.setHeader("Retry-After", String.valueOf(wait));
            answer.setHeader("Pragma", "no-cache");
            answer.setHeader("Cache-Control", "no-store");
            answer.setContentType("application/json");
            answer.setCharacterEncoding("UTF-8");
            answer.getWriter().write(StrictJson.json().createObjectBuilder()
                    .add("error", "temporarily_unavailable")
                    .add("error_description", tooMany(wait))
                    .build().toString());
        }
    }

    /** Fixed-window attempt counts by key, safe for concurrent use. */
    static final class Counts {

        private final long windowNanos;
        private final Map<String, long[]> windows = new ConcurrentHashMap<>(); // {window start, count}, never mutated

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
                    return w;
                }
                return new long[] {w[0], w[1] + 1}; // never changed once in the map: peek reads it without a lock
            });
            return result[0];
        }

        /** The nanos until the key's window ends when its count reached the limit, else 0; counts nothing. */
        long peek(String key, int limit, long now) {
            long[] w = windows.get(key);
            if (w == null) {
                return 0;
            }
            return now - w[0] < windowNanos && w[1] >= limit ? Math.max(1, w[0] + windowNanos - now) : 0;
        }

        int tracked() {
            return windows.size();
        }
    }
}
