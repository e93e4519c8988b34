package com.paycore.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/** The token endpoint's limits (LoginFloodScenarios runs them against a flood over HTTP). */
class LoginThrottleTest {

    private static LoginThrottle throttle(int perAddress, int perUsername, int concurrent, Duration wait) {
        LoginThrottle t = new LoginThrottle();
        t.perAddress = perAddress;
        t.perUsername = perUsername;
        t.window = Duration.ofMinutes(1);
        t.concurrentChecks = Optional.of(concurrent);
        t.checkWait = wait;
        t.refusalDelay = Duration.ZERO;
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
        LoginThrottle t = throttle(3, 100, 1, Duration.ZERO);
        for (int i = 0; i < 3; i++) {
            t.admit("10.0.0.1", "user" + i + "@x.test");
        }
        assertThrottled(() -> t.admit("10.0.0.1", "another@x.test"));
        t.admit("10.0.0.2", "another@x.test"); // another address has its own count
    }

    @Test
    void anAddressOverItsLimitIsSeenWithoutCounting() {
        LoginThrottle t = throttle(2, 100, 1, Duration.ZERO);
        assertEquals(0, t.addressWait("10.0.0.1"));
        t.admit("10.0.0.1", "a@x.test");
        assertEquals(0, t.addressWait("10.0.0.1"));
        t.admit("10.0.0.1", "b@x.test");
        long wait = t.addressWait("10.0.0.1");
        assertTrue(wait >= 59 && wait <= 60, "the rest of the window: " + wait);
        assertEquals(0, t.addressWait("10.0.0.2"));
    }

    @Test
    void theUsernameLimitCountsEveryAddressAndIgnoresCase() {
        LoginThrottle t = throttle(100, 2, 1, Duration.ZERO);
        t.admit("10.0.0.1", "Victim@x.test");
        t.admit("10.0.0.2", " victim@x.test");
        assertThrottled(() -> t.admit("10.0.0.3", "VICTIM@X.TEST"));
        t.admit("10.0.0.3", "other@x.test");
    }

    @Test
    void zeroSwitchesALimitOff() {
        LoginThrottle t = throttle(0, 0, 0, Duration.ZERO);
        for (int i = 0; i < 1000; i++) {
            t.admit("10.0.0.1", "same@x.test");
        }
        t.permit();
        t.permit(); // no cap
    }

    @Test
    void aWindowEndsItsCount() {
        LoginThrottle.Counts counts = new LoginThrottle.Counts(TimeUnit.SECONDS.toNanos(60));
        assertEquals(0, counts.count("k", 1, 0));
        long wait = counts.count("k", 1, TimeUnit.SECONDS.toNanos(15));
        assertEquals(TimeUnit.SECONDS.toNanos(45), wait, "until the window that counted the first attempt ends");
        assertEquals(0, counts.count("k", 1, TimeUnit.SECONDS.toNanos(60)));
    }

    @Test
    void expiredKeysAreDroppedWhenManyAreTracked() {
        LoginThrottle.Counts counts = new LoginThrottle.Counts(10);
        for (int i = 0; i <= LoginThrottle.TRACKED_KEYS; i++) {
            counts.count("k" + i, 5, 0);
        }
        counts.count("fresh", 5, 100);
        assertEquals(1, counts.tracked());
    }

    @Test
    void checksBeyondTheCapWaitBrieflyThenAre429() throws Exception {
        LoginThrottle t = throttle(100, 100, 1, Duration.ofMillis(300));
        LoginThrottle.Permit held = t.permit();
        long start = System.nanoTime();
        assertThrottled(t::permit);
        assertTrue(System.nanoTime() - start >= TimeUnit.MILLISECONDS.toNanos(250), "it waited before refusing");
        CompletableFuture<LoginThrottle.Permit> waiting = CompletableFuture.supplyAsync(t::permit);
        Thread.sleep(50);
        held.close();
        waiting.get(5, TimeUnit.SECONDS).close(); // a permit released while waiting is taken
    }
}
