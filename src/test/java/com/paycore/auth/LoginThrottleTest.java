package com.paycore.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

import org.junit.jupiter.api.Test;

import com.paycore.platform.runtime.Schedules;

/** The token endpoint's limits (LoginFloodScenarios runs them against a flood over HTTP). */
class LoginThrottleTest {

    private static final long MINUTE = TimeUnit.MINUTES.toNanos(1);

    private static LoginThrottle throttle(int perAddress, int perUsername, int concurrent) {
        return throttle(perAddress, perUsername, concurrent, new AtomicLong()::get);
    }

    private static LoginThrottle throttle(int perAddress, int perUsername, int concurrent,
                                          LongSupplier ticker) {
        LoginThrottle t = new LoginThrottle();
        t.perAddress = perAddress;
        t.perUsername = perUsername;
        t.window = Duration.ofMinutes(1);
        t.concurrentChecks = Optional.of(concurrent);
        t.refusalDelay = Duration.ZERO;
        t.ticker = ticker;
        t.init();
        return t;
    }

    private static void assertThrottled(Runnable attempt) {
        OAuthException refused = assertThrows(OAuthException.class, attempt::run);
        assertEquals(429, refused.status());
        assertEquals("temporarily_unavailable", refused.error());
        assertTrue(refused.retryAfterSeconds() >= 1 && refused.retryAfterSeconds() <= 60, "" + refused.retryAfterSeconds());
    }

    @Test
    void theAddressLimitCountsEveryUsernameOfTheAddress() {
        LoginThrottle t = throttle(3, 100, 1);
        for (int i = 0; i < 3; i++) {
            t.admit("10.0.0.1", "user" + i + "@x.test");
        }
        assertThrottled(() -> t.admit("10.0.0.1", "another@x.test"));
        t.admit("10.0.0.2", "another@x.test"); // another address has its own count
    }

    @Test
    void anAddressOverItsLimitIsSeenWithoutCounting() {
        LoginThrottle t = throttle(2, 100, 1);
        assertEquals(0, t.addressWait("10.0.0.1"));
        t.admit("10.0.0.1", "a@x.test");
        assertEquals(0, t.addressWait("10.0.0.1"));
        t.admit("10.0.0.1", "b@x.test");
        assertEquals(60, t.addressWait("10.0.0.1"), "the rest of the window");
        assertEquals(0, t.addressWait("10.0.0.2"));
    }

    @Test
    void theUsernameLimitCountsEveryAddressAndIgnoresCase() {
        LoginThrottle t = throttle(100, 2, 1);
        t.admit("10.0.0.1", "Victim@x.test");
        t.admit("10.0.0.2", " victim@x.test");
        assertThrottled(() -> t.admit("10.0.0.3", "VICTIM@X.TEST"));
        t.admit("10.0.0.3", "other@x.test");
    }

    @Test
    void zeroSwitchesALimitOff() {
        LoginThrottle t = throttle(0, 0, 0);
        for (int i = 0; i < 1000; i++) {
            t.admit("10.0.0.1", "same@x.test");
        }
        t.permit();
        t.permit(); // no cap
    }

    @Test
    void aWindowEndsItsCount() {
        LoginThrottle.Counts counts = new LoginThrottle.Counts(TimeUnit.SECONDS.toNanos(60), 10);
        LoginThrottle.Key k = LoginThrottle.Key.of("u", "k");
        assertEquals(0, counts.count(k, 1, 0));
        long wait = counts.count(k, 1, TimeUnit.SECONDS.toNanos(15));
        assertEquals(TimeUnit.SECONDS.toNanos(45), wait, "until the window that counted the first attempt ends");
        assertEquals(0, counts.count(k, 1, TimeUnit.SECONDS.toNanos(60)));
    }

    @Test
    void keysAreDigestsOfTheirKindAndText() {
        assertEquals(LoginThrottle.Key.of("u", "a@x.test"), LoginThrottle.Key.of("u", "a@x.test"));
        assertTrue(!LoginThrottle.Key.of("u", "a@x.test").equals(LoginThrottle.Key.of("a", "a@x.test")),
                "an address and a username of the same text are counted apart");
        assertTrue(!LoginThrottle.Key.of("u", "a@x.test").equals(LoginThrottle.Key.of("u", "b@x.test")));
    }

    /** The timer drops expired counts however few keys there are; counts still running stay. */
    @Test
    void theTimerDropsExpiredCountsAndKeepsRunningOnes() {
        AtomicLong now = new AtomicLong();
        LoginThrottle t = throttle(100, 2, 1, now::get);
        Runnable[] job = new Runnable[1];
        t.arm(new Schedules() {
            @Override
            public void withFixedDelay(String name, Duration delay, Runnable run) {
                assertEquals(Duration.ofMinutes(1), delay, "every window");
                job[0] = run;
            }
        });
        assertNotNull(job[0], "armed");
        for (int i = 0; i < 10; i++) {
            t.admit("10.0.0.1", "user" + i + "@x.test");
        }
        now.set(MINUTE / 2);
        t.admit("10.0.0.2", "victim@x.test");
        t.admit("10.0.0.2", "victim@x.test");
        assertEquals(13, t.tracked());
        job[0].run();
        assertEquals(13, t.tracked(), "nothing has expired yet");
        now.set(MINUTE);
        job[0].run();
        assertEquals(2, t.tracked(), "the first minute's keys are gone, the later ones stay");
        assertThrottled(() -> t.admit("10.0.0.3", "victim@x.test"));
    }

    /**
     * A full table is never cleared (that would reset every username's limit): a new key is refused until the oldest
     * window ends, tracked keys keep counting, and the table stays within its bound.
     */
    @Test
    void aFullTableRefusesNewKeysAndKeepsEveryLimit() {
        LoginThrottle.Counts counts = new LoginThrottle.Counts(MINUTE, 100);
        LoginThrottle.Key victim = LoginThrottle.Key.of("u", "victim@x.test");
        assertEquals(0, counts.count(victim, 1, 0));
        assertTrue(counts.count(victim, 1, 0) > 0, "the victim is over its limit");
        for (int i = 1; i < 100; i++) {
            assertEquals(0, counts.count(LoginThrottle.Key.of("u", "flood" + i), 1, MINUTE / 2));
        }
        long wait = counts.count(LoginThrottle.Key.of("u", "one-more"), 1, MINUTE / 2);
        assertEquals(MINUTE / 2, wait, "until the oldest window (the victim's) ends");
        assertEquals(100, counts.tracked());
        assertTrue(counts.count(victim, 1, MINUTE / 2) > 0, "the victim's limit holds");
        assertTrue(counts.count(LoginThrottle.Key.of("u", "flood1"), 1, MINUTE / 2) > 0, "tracked keys keep counting");
        assertEquals(0, counts.count(LoginThrottle.Key.of("u", "one-more"), 1, MINUTE),
                "the victim's window has ended: its place is taken");
        assertEquals(100, counts.tracked());
    }

    /**
     * Usernames longer than an e-mail address are refused (400 invalid_request) before they are counted: 100,000 of
     * them leave the heap and the table as they were, and the limits counted before still hold after them.
     */
    @Test
    void longUsernamesAreRefusedUncountedAndLeaveTheHeapFlat() {
        LoginThrottle t = throttle(30, 3, 1);
        for (int i = 0; i < 3; i++) {
            t.admit("10.0.0.1", "victim@x.test");
        }
        assertThrottled(() -> t.admit("10.0.0.1", "victim@x.test"));
        int tracked = t.tracked();
        assertEquals(0, t.addressWait("10.0.0.1"), "the address is under its limit: 4 of 30");
        String padding = "x".repeat(1_000);
        assertEquals(LoginThrottle.MAX_USERNAME, 254);
        OAuthException exactly = assertThrows(OAuthException.class, () -> t.admit("10.0.0.1", "y".repeat(255)));
        assertEquals(400, exactly.status());
        assertEquals("invalid_request", exactly.error());
        long before = heapAfterGc();
        for (int i = 0; i < 100_000; i++) {
            String username = i + padding + "@x.test";
            OAuthException refused = assertThrows(OAuthException.class, () -> t.admit("10.0.0.1", username));
            assertEquals(400, refused.status());
        }
        long grown = heapAfterGc() - before;
        assertEquals(tracked, t.tracked(), "nothing was counted");
        assertTrue(grown < 8 << 20, "the heap grew by " + grown + " bytes for 100,000 refused usernames");
        assertThrottled(() -> t.admit("10.0.0.1", "victim@x.test"));
        assertEquals(0, t.addressWait("10.0.0.1"), "the long usernames did not count towards the address");
        t.admit("10.0.0.1", "y".repeat(242) + "@example.com"); // 254 characters are counted as usual
    }

    /**
     * A tracked username costs the same few bytes however long it is (the table keeps a digest, never the text), and
     * the timer gives them all back once their window ends.
     */
    @Test
    void aTrackedKeyKeepsNoneOfItsTextAndExpiredOnesAreGivenBack() {
        AtomicLong now = new AtomicLong();
        LoginThrottle t = throttle(0, 10, 1, now::get);
        Runnable[] job = new Runnable[1];
        t.arm(new Schedules() {
            @Override
            public void withFixedDelay(String name, Duration delay, Runnable run) {
                job[0] = run;
            }
        });
        String padding = "y".repeat(240);
        int keys = 50_000;
        long before = heapAfterGc();
        for (int i = 0; i < keys; i++) {
            t.admit("10.0.0.1", String.format("%06d", i) + padding + "@x.test"); // 253 characters
        }
        long perKey = (heapAfterGc() - before) / keys;
        assertEquals(keys, t.tracked());
        // Kept whole, each would hold its 253 characters (about 300 bytes with its String) besides the entry.
        assertTrue(perKey < 200, perKey + " bytes per tracked username");
        now.set(MINUTE);
        job[0].run();
        assertEquals(0, t.tracked(), "every window has ended");
        long left = heapAfterGc() - before;
        assertTrue(left < 2 << 20, left + " bytes still held after every count expired");
    }

    private static long heapAfterGc() {
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 4; i++) { // the least of a few full collections: what is really retained
            System.gc();
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            used = Math.min(used, ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
        }
        return used;
    }

    /** An attempt never waits for a check slot: without a free one it is refused at once, 429 with Retry-After 1. */
    @Test
    void aCheckWithoutAFreeSlotIsRefusedAtOnce() throws Exception {
        LoginThrottle t = throttle(100, 100, 1);
        LoginThrottle.Permit held = t.permit();
        long start = System.nanoTime();
        OAuthException refused = assertThrows(OAuthException.class, t::permit);
        long took = System.nanoTime() - start;
        assertEquals(429, refused.status());
        assertEquals(1, refused.retryAfterSeconds());
        assertTrue(took < TimeUnit.MILLISECONDS.toNanos(100), "refused after " + took / 1_000_000 + " ms");
        held.close();
        t.permit().close(); // a released slot is taken
    }

    /** An older configuration's check-wait, whatever its value, neither fails the start nor makes an attempt wait. */
    @Test
    void anObsoleteCheckWaitIsIgnored() {
        LoginThrottle t = new LoginThrottle();
        t.perAddress = 100;
        t.perUsername = 100;
        t.window = Duration.ofMinutes(1);
        t.concurrentChecks = Optional.of(1);
        t.refusalDelay = Duration.ZERO;
        t.obsoleteCheckWait = Optional.of("not a duration");
        t.init();
        try (LoginThrottle.Permit held = t.permit()) {
            long start = System.nanoTime();
            assertThrottled(t::permit);
            assertTrue(System.nanoTime() - start < TimeUnit.MILLISECONDS.toNanos(100));
        }
    }
}
