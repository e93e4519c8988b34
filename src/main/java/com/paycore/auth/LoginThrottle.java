package com.paycore.auth;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import java.util.logging.Logger;

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

import com.paycore.platform.input.Emails;
import com.paycore.platform.runtime.ScheduledJob;
import com.paycore.platform.runtime.Schedules;
import com.paycore.platform.web.StrictJson;

/**
 * Keeps the password grant's PBKDF2 work from being a lever against the whole service. Before any
 * hash is computed an attempt must pass a per-client-address and a per-username count (fixed windows of
 * {@code payments.auth.token.window}); then it needs one of {@code payments.auth.token.max-concurrent-checks}
 * password-check slots, free at that moment: an attempt never waits for one, since a waiting attempt would hold an
 * HTTP worker that the payment API needs. A refusal is 429 with Retry-After. The counts are per instance and in memory
 * (a restart forgets them; N instances allow N times the count): they bound the cost of a flood, they are not the
 * lockout, which stays on the user row. A limit of 0 switches that limit off.
 * <p>
 * The counts' memory is bounded whatever the clients send: a username longer than an e-mail address can be is refused
 * (400 invalid_request) before it is counted; a count is kept under a fixed-size digest of its key, never the key's
 * text; expired counts are dropped on a timer ({@link #arm}); and at most {@link #MAX_TRACKED} keys are tracked. The
 * counts are never dropped wholesale, which would reset every username's limit: when the table is full of counts still
 * running, an attempt under a key not yet tracked is refused 429 until the oldest of them expires.
 */
@ApplicationScoped
class LoginThrottle implements ScheduledJob {

    private static final Logger LOG = Logger.getLogger(LoginThrottle.class.getName());

    /** The most keys tracked at once (about 100 bytes each); beyond, attempts under new keys are refused. */
    static final int MAX_TRACKED = 100_000;
    /** The longest username counted: the longest e-mail address (RFC 5321); longer ones cannot be an account's. */
    static final int MAX_USERNAME = Emails.MAX_LENGTH;
    /** A retired setting (a wait for a check slot; an attempt never waits): accepted and ignored. */
    static final String OBSOLETE_CHECK_WAIT = "payments.auth.token.check-wait";

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
    Optional<Integer> concurrentChecks;

    /** Read as text only to say it is ignored: any value an older configuration has still starts the service. */
    @Inject
    @ConfigProperty(name = OBSOLETE_CHECK_WAIT)
    Optional<String> obsoleteCheckWait = Optional.empty();

    /** How long the refusal of an address over its count is held back (no thread waits); 0: answered at once. */
    @Inject
    @ConfigProperty(name = "payments.auth.token.refusal-delay", defaultValue = "PT1S")
    Duration refusalDelay;

    /** System.nanoTime(); the unit tests move it. */
    LongSupplier ticker = System::nanoTime;

    private Counts counts;
    private Semaphore checks;

    @PostConstruct
    void init() {
        if (window.isNegative() || window.isZero()) {
            throw new IllegalStateException("payments.auth.token.window must be a positive ISO 8601 duration");
        }
        counts = new Counts(window.toNanos(), MAX_TRACKED);
        int permits = concurrentChecks.orElse(Math.max(1, Runtime.getRuntime().availableProcessors() / 2));
        checks = permits > 0 ? new Semaphore(permits) : null;
        if (obsoleteCheckWait.filter(v -> !v.isBlank()).isPresent()) {
            LOG.warning(OBSOLETE_CHECK_WAIT + " is set but no longer used: a password attempt that finds no free check "
                    + "slot is refused at once (429, Retry-After: 1) instead of waiting for one");
        }
    }

    /**
     * Drops the expired counts every window (at most every minute, at least every second), so that the memory of a
     * flood of distinct keys is given back once its windows end, however few keys it left.
     */
    @Override
    public void arm(Schedules schedules) {
        Duration every = window.compareTo(Duration.ofMinutes(1)) > 0 ? Duration.ofMinutes(1)
                : window.compareTo(Duration.ofSeconds(1)) < 0 ? Duration.ofSeconds(1) : window;
        schedules.withFixedDelay("login-throttle-expiry", every, () -> counts.evictExpired(ticker.getAsLong()));
    }

    /**
     * Counts a password attempt of the address and the username; throws the 429 refusal when either is over, and the
     * 400 invalid_request refusal, counting nothing, when the username is longer than any e-mail address.
     */
    void admit(String address, String username) {
        if (username.length() > MAX_USERNAME) {
            throw OAuthException.invalidRequest("username must be at most " + MAX_USERNAME + " characters");
        }
        long now = ticker.getAsLong();
        if (perAddress > 0) {
            refuseAfter(counts.count(Key.of("a", address), perAddress, now));
        }
        if (perUsername > 0) {
            refuseAfter(counts.count(Key.of("u", username.trim().toLowerCase(Locale.ROOT)), perUsername, now));
        }
    }

    /** The seconds an address over its limit must wait (0: it is not over it); counts nothing. */
    long addressWait(String address) {
        if (perAddress <= 0) {
            return 0;
        }
        return seconds(counts.peek(Key.of("a", address), perAddress, ticker.getAsLong()));
    }

    long refusalDelayMillis() {
        return refusalDelay.isNegative() ? 0 : refusalDelay.toMillis();
    }

    /** The keys tracked now. */
    int tracked() {
        return counts.tracked();
    }

    /**
     * A permit for one password check, if one is free now; close it when the check is done. Otherwise throws the 429
     * refusal (Retry-After: 1) at once: the attempt never waits, so it never holds the HTTP worker that carries it.
     */
    Permit permit() {
        if (checks == null) {
            return () -> { };
        }
        if (!checks.tryAcquire()) {
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

    /**
     * A counted key: 128 bits of the SHA-256 of its kind and text. Every key takes the same few bytes whatever its
     * text, and two texts meet under one key only by a collision nobody can produce on purpose.
     */
    record Key(long high, long low) {

        static Key of(String kind, String text) {
            try {
                MessageDigest sha = MessageDigest.getInstance("SHA-256");
                sha.update(kind.getBytes(StandardCharsets.UTF_8));
                sha.update((byte) 0);
                ByteBuffer digest = ByteBuffer.wrap(sha.digest(text.getBytes(StandardCharsets.UTF_8)));
                return new Key(digest.getLong(), digest.getLong());
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("every Java runtime has SHA-256", e);
            }
        }
    }

    /**
     * Fixed-window attempt counts by key, safe for concurrent use, of at most about {@code maxKeys} keys (concurrent
     * first attempts may pass the bound by a few). Expired counts are dropped by {@link #evictExpired}, from the timer
     * and, when the table is full, by the attempt that finds it full (at most once a second).
     */
    static final class Counts {

        private static final long SWEEP_SPACING = TimeUnit.SECONDS.toNanos(1);

        private final long windowNanos;
        private final int maxKeys;
        private final Map<Key, long[]> windows = new ConcurrentHashMap<>(); // {window start, count}, never mutated
        private final AtomicLong lastSweep = new AtomicLong();
        private volatile boolean swept;
        /** After the last sweep: when the oldest window still tracked ends. */
        private volatile long oldestEnds;

        Counts(long windowNanos, int maxKeys) {
            this.windowNanos = windowNanos;
            this.maxKeys = maxKeys;
        }

        /**
         * Counts one attempt at now (System.nanoTime()); 0 when within the limit, else the nanos until the key's window
         * ends, or, for a key not tracked while the table is full, until the oldest tracked window ends.
         */
        long count(Key key, int limit, long now) {
            if (windows.size() >= maxKeys && !windows.containsKey(key)) {
                sweepIfDue(now);
                if (windows.size() >= maxKeys) {
                    return Math.max(SWEEP_SPACING, oldestEnds - now);
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
        long peek(Key key, int limit, long now) {
            long[] w = windows.get(key);
            if (w == null) {
                return 0;
            }
            return now - w[0] < windowNanos && w[1] >= limit ? Math.max(1, w[0] + windowNanos - now) : 0;
        }

        /** Drops the counts whose window has ended at now; the others, whatever their number, stay. */
        void evictExpired(long now) {
            windows.values().removeIf(w -> now - w[0] >= windowNanos);
            long oldest = now + windowNanos;
            for (long[] w : windows.values()) {
                if (w[0] + windowNanos - oldest < 0) {
                    oldest = w[0] + windowNanos;
                }
            }
            oldestEnds = oldest;
        }

        private void sweepIfDue(long now) {
            long last = lastSweep.get();
            if ((!swept || now - last >= SWEEP_SPACING) && lastSweep.compareAndSet(last, now)) {
                swept = true;
                evictExpired(now);
            }
        }

        int tracked() {
            return windows.size();
        }
    }
}
