package com.paycore.auth;

import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import com.paycore.platform.Secrets;
import com.paycore.user.Account;
import com.paycore.user.Accounts;

/**
 * The token endpoint's grants. Refusals commit (failure counters and audit rows stay), and they all read
 * "invalid_grant" without saying whether the email exists.
 */
@ApplicationScoped
@Transactional(dontRollbackOn = OAuthException.class)
public class TokenService {

    private static final String REFUSED = "Invalid credentials, or the account is locked or inactive";

    @PersistenceContext(unitName = "payments")
    EntityManager em;

    @Inject
    Accounts accounts;

    @Inject
    Clock clock;

    @Inject
    @ConfigProperty(name = "payments.jwt.access-token-lifetime", defaultValue = "PT15M")
    Duration accessLifetime;

    @Inject
    @ConfigProperty(name = "payments.jwt.refresh-token-lifetime", defaultValue = "P7D")
    Duration refreshLifetime;

    public TokenResponse password(String email, String password) {
        if (email == null || email.isBlank() || password == null) {
            throw OAuthException.invalidRequest("username and password are required");
        }
        OffsetDateTime now = OffsetDateTime.now(clock);
        Account user = accounts.signIn(email, password, now)
                .orElseThrow(() -> OAuthException.invalidGrant(REFUSED));
        return issue(user, now);
    }

    public TokenResponse refresh(String refreshToken) {
        if (refreshToken == null || refreshToken.isBlank()) {
            throw OAuthException.invalidRequest("refresh_token is required");
        }
        OffsetDateTime now = OffsetDateTime.now(clock);
        RefreshToken stored = em.createQuery("select t from RefreshToken t where t.tokenHash = :hash", RefreshToken.class)
                .setParameter("hash", Secrets.digest(refreshToken))
                .setLockMode(LockModeType.PESSIMISTIC_WRITE)
                .getResultStream().findFirst().orElse(null);
        if (stored == null || !stored.usable(now)) {
            throw OAuthException.invalidGrant("The refresh token is invalid, expired or already used");
        }
        stored.revoke(now);
        Account user = accounts.find(stored.userId()).orElse(null);
        if (user == null || !user.canSignIn(now)) {
            throw OAuthException.invalidGrant(REFUSED);
        }
        return issue(user, now);
    }

    private TokenResponse issue(Account user, OffsetDateTime now) {
        String refresh = Secrets.newToken();
        em.persist(new RefreshToken(user.id(), Secrets.digest(refresh), now, now.plus(refreshLifetime)));
        String access = AccessTokens.issue(user.id(), user.email(), user.platformAdmin(), now.toInstant(), accessLifetime);
        return new TokenResponse(access, "Bearer", accessLifetime.toSeconds(), refresh);
    }
}
