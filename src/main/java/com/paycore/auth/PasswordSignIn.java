package com.paycore.auth;

import java.time.Clock;
import java.time.OffsetDateTime;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import com.paycore.user.Account;

/**
 * A sign-in with an email and a password outside the token endpoint (the operations console): the very checks of the
 * password grant, in the same order. The attempt is counted per client address and per username and needs a
 * password-check permit free at once ({@link LoginThrottle}), then the account is checked with its lockout and audit
 * rows ({@link TokenService#checkPassword}). No token is issued: the console keeps its own server-side session.
 */
@ApplicationScoped
public class PasswordSignIn {

    @Inject
    LoginThrottle throttle;

    @Inject
    TokenService tokens;

    @Inject
    Clock clock;

    /** A sign-in's outcome: the account, or the refusal's words (the same as the token endpoint's). */
    public record Outcome(Account account, String refusal) {

        public boolean signedIn() {
            return account != null;
        }
    }

    public Outcome signIn(String clientAddress, String email, String password) {
        if (email == null || email.isBlank() || password == null || password.isEmpty()) {
            return new Outcome(null, "Enter your e-mail address and your password");
        }
        try {
            throttle.admit(clientAddress, email);
            try (LoginThrottle.Permit permit = throttle.permit()) {
                return new Outcome(tokens.checkPassword(email, password, OffsetDateTime.now(clock)), null);
            }
        } catch (OAuthException refused) {
            return new Outcome(null, refused.getMessage());
        }
    }
}
