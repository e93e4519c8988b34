package com.paycore.user;

import java.time.OffsetDateTime;
import java.util.Base64;
import java.util.function.BiPredicate;

import com.paycore.platform.runtime.Randomness;

/**
 * Decides a password login with the same PBKDF2 work on every path: an unknown account, a user without a
 * password, an inactive or a locked one are checked against a decoy hash of the configured strength before
 * being refused, so the answer's timing does not tell which accounts exist or are locked.
 */
final class LoginCheck {

    enum Outcome { UNKNOWN_ACCOUNT, INACTIVE, LOCKED, WRONG_PASSWORD, ACCEPTED }

    private final BiPredicate<char[], String> verifier;
    private final String decoy;

    /** verifier: (typed password, stored hash) to match, PBKDF2 in production. */
    LoginCheck(BiPredicate<char[], String> verifier, Passwords strength) {
        this.verifier = verifier;
        byte[] random = new byte[24];
        Randomness.fill(random);
        // A random password nobody knows: the decoy never matches, it only costs the same as a real check.
        this.decoy = strength.hash(Base64.getEncoder().encodeToString(random).toCharArray());
    }

    /** user null: no account has the typed email. Verifies exactly once whatever the path. */
    Outcome check(User user, char[] password, OffsetDateTime now) {
        String stored = user == null ? null : user.passwordHash();
        boolean usable = Passwords.wellFormed(stored);
        boolean matches = verifier.test(password, usable ? stored : decoy) && usable;
        if (user == null) {
            return Outcome.UNKNOWN_ACCOUNT;
        }
        if (!user.active()) {
            return Outcome.INACTIVE;
        }
        if (user.isLocked(now)) {
            return Outcome.LOCKED;
        }
        return matches ? Outcome.ACCEPTED : Outcome.WRONG_PASSWORD;
    }
}
