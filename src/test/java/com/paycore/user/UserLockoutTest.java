package com.paycore.user;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

import org.junit.jupiter.api.Test;

class UserLockoutTest {

    private static final OffsetDateTime T0 = OffsetDateTime.of(2025, 3, 1, 12, 0, 0, 0, ZoneOffset.UTC);

    private static User user() {
        return new User("someone@example.test", false);
    }

    /** Records n failures one second apart from start; returns the time of the last one. */
    private static OffsetDateTime fail(User user, int n, OffsetDateTime start) {
        OffsetDateTime t = start;
        for (int i = 0; i < n; i++) {
            t = start.plusSeconds(i);
            assertFalse(user.recordFailedLogin(t), "failure " + (i + 1) + " must not lock");
        }
        return t;
    }

    @Test
    void constants() {
        assertEquals(10, User.MAX_FAILED_LOGINS);
        assertEquals(Duration.ofMinutes(30), User.LOCKOUT);
    }

    @Test
    void newUserIsNotLocked() {
        User user = user();
        assertFalse(user.isLocked(T0));
        assertEquals(0, user.failedLogins());
        assertNull(user.lockedUntil());
    }

    @Test
    void nineFailuresDoNotLock() {
        User user = user();
        OffsetDateTime last = fail(user, 9, T0);
        assertEquals(9, user.failedLogins());
        assertFalse(user.isLocked(last));
        assertFalse(user.isLocked(last.plusHours(1)));
        assertNull(user.lockedUntil());
    }

    @Test
    void tenthFailureLocksForExactlyThirtyMinutes() {
        User user = user();
        fail(user, 9, T0);
        OffsetDateTime tenth = T0.plusMinutes(5);
        assertTrue(user.recordFailedLogin(tenth), "the tenth failure locks");
        assertEquals(tenth.plusMinutes(30), user.lockedUntil());
        assertTrue(user.isLocked(tenth));
        assertTrue(user.isLocked(tenth.plusMinutes(29).plusSeconds(59)));
        assertTrue(user.isLocked(tenth.plusMinutes(30).minusNanos(1)));
        assertFalse(user.isLocked(tenth.plusMinutes(30)));
        assertFalse(user.isLocked(tenth.plusMinutes(31)));
    }

    @Test
    void lockIsComparedAsAnInstantWhateverTheOffset() {
        User user = user();
        fail(user, 9, T0);
        user.recordFailedLogin(T0.plusMinutes(1));
        OffsetDateTime inParis = T0.plusMinutes(1).plusMinutes(29).withOffsetSameInstant(ZoneOffset.ofHours(2));
        assertTrue(user.isLocked(inParis));
        assertFalse(user.isLocked(T0.plusMinutes(31).withOffsetSameInstant(ZoneOffset.ofHours(-5))));
    }

    @Test
    void failuresWhileLockedNeitherExtendNorReLock() {
        User user = user();
        fail(user, 9, T0);
        OffsetDateTime tenth = T0.plusMinutes(1);
        user.recordFailedLogin(tenth);
        assertFalse(user.recordFailedLogin(tenth.plusMinutes(10)), "already locked");
        assertEquals(tenth.plusMinutes(30), user.lockedUntil());
        assertFalse(user.isLocked(tenth.plusMinutes(30)));
    }

    @Test
    void failureAfterExpiryStartsANewCount() {
        User user = user();
        fail(user, 9, T0);
        OffsetDateTime tenth = T0.plusMinutes(1);
        user.recordFailedLogin(tenth);
        OffsetDateTime after = tenth.plusMinutes(30);
        assertFalse(user.recordFailedLogin(after));
        assertEquals(1, user.failedLogins());
        assertNull(user.lockedUntil());
        assertFalse(user.isLocked(after));
        // Nine more (ten in the new run) lock again, for thirty minutes from that failure.
        OffsetDateTime last = fail(user, 8, after.plusSeconds(1));
        assertFalse(user.isLocked(last));
        OffsetDateTime relock = last.plusSeconds(1);
        assertTrue(user.recordFailedLogin(relock));
        assertEquals(relock.plusMinutes(30), user.lockedUntil());
    }

    @Test
    void successResetsTheCount() {
        User user = user();
        fail(user, 9, T0);
        user.recordSuccessfulLogin();
        assertEquals(0, user.failedLogins());
        OffsetDateTime last = fail(user, 9, T0.plusMinutes(1));
        assertFalse(user.isLocked(last));
        assertTrue(user.recordFailedLogin(last.plusSeconds(1)));
    }

    @Test
    void successClearsALock() {
        User user = user();
        fail(user, 9, T0);
        user.recordFailedLogin(T0.plusMinutes(1));
        assertTrue(user.isLocked(T0.plusMinutes(2)));
        user.recordSuccessfulLogin();
        assertFalse(user.isLocked(T0.plusMinutes(2)));
        assertNull(user.lockedUntil());
        assertEquals(0, user.failedLogins());
    }
}
