package com.paycore.auth;

import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import com.paycore.audit.AuditLog;
import com.paycore.secret.Secrets;
import com.paycore.user.Account;
import com.paycore.user.Accounts;

/**
 * The token endpoint's grants. Refusals commit (failure counters and audit rows stay), and they all read
 * "invalid_grant" without saying whether the email exists.
 */
@ApplicationScoped
@Transactional(dontRollbackOn = OAuthException.class)
class TokenService {

    private static final String REFUSED = "Invalid credentials, or the account is locked or inactive";

    @PersistenceContext(unitName = "payments")
    EntityManager em;

    @Inject
    Accounts accounts;

    @Inject
    RefreshTokens refreshTokens;

    @Inject
    AuditLog audit;

    @Inject
    Clock clock;

    @Inject
    TokenSettings settings;

    @Inject
    @ConfigProperty(name = "payments.jwt.access-token-lifetime", defaultValue = "PT15M")
    Duration accessLifetime;

    @Inject
    @ConfigProperty(name = "payments.jwt.refresh-token-lifetime", defaultValue = "P7D")
    Duration refreshLifetime;

    public TokenResponse password(String email, String password) {
        OffsetDateTime now = OffsetDateTime.now(clock);
        return issue(checkPassword(email, password, now), null, now, now.plus(refreshLifetime));
    }

    /**
     * The password check of the password grant and of the console's sign-in ({@link PasswordSignIn}): the account, or
     * invalid_grant for an unknown email, a wrong password (counted towards the lockout), a locked or inactive account.
     */
    public Account checkPassword(String email, String password, OffsetDateTime now) {
        if (email == null || email.isBlank() || password == null) {
            throw OAuthException.invalidRequest("username and password are required");
        }
        return accounts.signIn(email, password, now).orElseThrow(() -> OAuthException.invalidGrant(REFUSED));
    }

    /**
     * Rotates a refresh token. Presenting one that was already used (or revoked) is a replay: either it was stolen
     * or its holder's successor was, and the server cannot tell which, so the whole family is revoked (OAuth 2.0
     * Security BCP, section 4.14) and the user must log in again.
     */
    public TokenResponse refresh(String refreshToken) {
        if (refreshToken == null || refreshToken.isBlank()) {
            throw OAuthException.invalidRequest("refresh_token is required");
        }
        OffsetDateTime now = OffsetDateTime.now(clock);
        RefreshToken stored = refreshTokens.lockByValue(refreshToken).orElse(null);
        if (stored != null && stored.revoked()) {
            int revoked = refreshTokens.revokeFamily(stored.familyId(), now);
            if (revoked > 0) {
                audit.recordAs(stored.userId(), null, "RefreshTokenReplayed", "User", stored.userId(), AuditLog.FAILURE,
                        "a used refresh token was presented again; " + revoked + " descendant(s) revoked");
            }
        }
        if (stored == null || !stored.usable(now)) {
            throw OAuthException.invalidGrant("The refresh token is invalid, expired or already used");
        }
        stored.revoke(now);
        Account user = accounts.find(stored.userId()).orElse(null);
        if (user == null || !user.canSignIn(now)) {
            throw OAuthException.invalidGrant(REFUSED);
        }
        // The successor keeps the family's expiry, set at its login: a refresh chain ends refreshLifetime after it.
        return issue(user, stored.familyId(), now, stored.expiresAt());
    }

    private TokenResponse issue(Account user, UUID family, OffsetDateTime now, OffsetDateTime refreshExpires) {
        String refresh = Secrets.newToken();
        refreshTokens.add(new RefreshToken(user.id(), family, Secrets.digest(refresh), now, refreshExpires));
        String access = AccessTokens.issue(user.id(), user.email(), user.platformAdmin(), now.toInstant(), accessLifetime,
                settings);
        return new TokenResponse(access, "Bearer", accessLifetime.toSeconds(), refresh);
    }
}
