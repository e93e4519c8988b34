package com.paycore.user;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import com.paycore.user.LoginCheck.Outcome;

/** The same PBKDF2 work on every login path, counted instead of timed. */
class LoginCheckTest {

    private static final OffsetDateTime NOW = OffsetDateTime.of(2026, 3, 1, 12, 0, 0, 0, ZoneOffset.UTC);
    private static final Passwords STRENGTH = new Passwords(5000);

    /** Every hash the check was asked to verify against, in order. */
    private final List<String> verified = new ArrayList<>();
    private final LoginCheck check = new LoginCheck((password, hash) -> {
        verified.add(hash);
        return Passwords.verify(password, hash);
    }, STRENGTH);

    private static User withPassword(String password) {
        User user = new User("someone@example.test", false);
        user.changePasswordHash(STRENGTH.hash(password.toCharArray()));
        return user;
    }

    private void assertOneFullStrengthVerification(Outcome expected, User user, String typed) {
        verified.clear();
        assertEquals(expected, check.check(user, typed.toCharArray(), NOW));
        assertEquals(1, verified.size(), expected + ": exactly one PBKDF2 verification");
        assertTrue(Passwords.wellFormed(verified.get(0)), expected + ": a real hash, not a shortcut");
        assertEquals("5000", verified.get(0).split(":")[1], expected + ": the configured strength");
    }

    @Test
    void everyPathVerifiesOnceAtTheConfiguredStrength() {
        assertOneFullStrengthVerification(Outcome.ACCEPTED, withPassword("right-one-1"), "right-one-1");
        assertOneFullStrengthVerification(Outcome.WRONG_PASSWORD, withPassword("right-one-1"), "wrong-one-1");
        assertOneFullStrengthVerification(Outcome.UNKNOWN_ACCOUNT, null, "anything-1");

        User inactive = withPassword("right-one-1");
        inactive.activate(false);
        assertOneFullStrengthVerification(Outcome.INACTIVE, inactive, "right-one-1");

        User locked = withPassword("right-one-1");
        for (int i = 0; i < User.MAX_FAILED_LOGINS; i++) {
            locked.recordFailedLogin(NOW.minusMinutes(1));
        }
        assertOneFullStrengthVerification(Outcome.LOCKED, locked, "right-one-1");

        User withoutPassword = new User("nopassword@example.test", false);
        assertOneFullStrengthVerification(Outcome.WRONG_PASSWORD, withoutPassword, "anything-1");
    }

    @Test
    void theDecoyNeverAcceptsEvenAnEmptyPassword() {
        User withoutPassword = new User("nopassword@example.test", false);
        assertEquals(Outcome.WRONG_PASSWORD, check.check(withoutPassword, new char[0], NOW));
        User malformed = new User("malformed@example.test", false);
        malformed.changePasswordHash("plain-text");
        assertEquals(Outcome.WRONG_PASSWORD, check.check(malformed, "plain-text".toCharArray(), NOW));
    }
}
