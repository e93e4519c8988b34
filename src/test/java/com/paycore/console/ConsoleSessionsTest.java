package com.paycore.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.UUID;

import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

/** When a console session ends: idle too long, or past its lifetime however busy; and what the settings accept. */
class ConsoleSessionsTest {

    private static final Duration IDLE = Duration.ofMinutes(15);
    private static final Duration MAX_AGE = Duration.ofHours(8);
    private static final long T0 = 1_800_000_000_000L;

    @Test
    void byDefaultASessionEndsAfterFifteenMinutesIdleOrEightHoursInAll() throws NoSuchFieldException {
        assertEquals(IDLE, Duration.parse(ConsoleSessions.class.getDeclaredField("idle")
                .getAnnotation(ConfigProperty.class).defaultValue()), "PCI DSS 4.0.1, requirement 8.2.8");
        assertEquals(MAX_AGE, Duration.parse(ConsoleSessions.class.getDeclaredField("maxAge")
                .getAnnotation(ConfigProperty.class).defaultValue()));
    }

    @Test
    void aSessionEndsWhenIdleAsLongAsTheTimeout() {
        SignedIn session = SignedIn.at(UUID.randomUUID(), T0);
        assertFalse(ConsoleSessions.over(session, T0 + IDLE.toMillis() - 1, IDLE, MAX_AGE));
        assertTrue(ConsoleSessions.over(session, T0 + IDLE.toMillis(), IDLE, MAX_AGE));
        SignedIn seen = session.seen(T0 + Duration.ofMinutes(10).toMillis());
        assertFalse(ConsoleSessions.over(seen, T0 + Duration.ofMinutes(24).toMillis(), IDLE, MAX_AGE),
                "idle time counts from the last request, not from the sign-in");
        assertTrue(ConsoleSessions.over(seen, T0 + Duration.ofMinutes(25).toMillis(), IDLE, MAX_AGE));
    }

    @Test
    void aBusySessionStillEndsAtItsMaxAge() {
        SignedIn session = SignedIn.at(UUID.randomUUID(), T0);
        long justBefore = T0 + MAX_AGE.toMillis() - 1;
        SignedIn busy = session.seen(justBefore - 1);
        assertFalse(ConsoleSessions.over(busy, justBefore, IDLE, MAX_AGE));
        assertTrue(ConsoleSessions.over(busy.seen(justBefore), T0 + MAX_AGE.toMillis(), IDLE, MAX_AGE),
                "seen a millisecond ago, but eight hours after the sign-in");
    }

    @Test
    void theSignInSecondIsTheOneCredentialChangesAreComparedWith() {
        assertEquals(1_800_000_000L, SignedIn.at(UUID.randomUUID(), T0 + 999).atEpochSecond());
        assertEquals(1_800_000_000L, SignedIn.at(UUID.randomUUID(), T0).seen(T0 + 5000).atEpochSecond());
    }

    @Test
    void durationsOfASecondOrMoreAreAcceptedShorterOnesStopTheStart() {
        assertEquals(Duration.ofSeconds(1), ConsoleSessions.checked(ConsoleSessions.TIMEOUT, Duration.ofSeconds(1)));
        assertEquals(Duration.ofSeconds(3), ConsoleSessions.checked(ConsoleSessions.MAX_AGE, Duration.ofSeconds(3)));
        for (Duration bad : new Duration[] {Duration.ZERO, Duration.ofMillis(999), Duration.ofSeconds(-5), null}) {
            IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                    () -> ConsoleSessions.checked(ConsoleSessions.TIMEOUT, bad));
            assertTrue(refused.getMessage().startsWith("payments.console.session-timeout must be"), refused.getMessage());
        }
    }

    @Test
    void theContainersIdleLimitIsRoundedUpToWholeSeconds() {
        assertEquals(900, sessions(Duration.ofMinutes(15), "development").idleSeconds());
        assertEquals(2, sessions(Duration.ofMillis(1500), "development").idleSeconds(), "never shorter than ours");
    }

    @Test
    void productionModeIsReadAsProductionGuardReadsIt() {
        assertTrue(sessions(IDLE, "production").production());
        assertTrue(sessions(IDLE, " Production ").production());
        assertFalse(sessions(IDLE, "development").production());
        assertFalse(sessions(IDLE, "prod").production());
    }

    private static ConsoleSessions sessions(Duration idle, String mode) {
        ConsoleSessions sessions = new ConsoleSessions();
        sessions.idle = idle;
        sessions.maxAge = MAX_AGE;
        sessions.mode = mode;
        sessions.check();
        return sessions;
    }
}
