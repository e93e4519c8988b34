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

import com.paycore.audit.AuditLog;
import com.paycore.platform.Passwords;
import com.paycore.platform.Secrets;
import com.paycore.user.User;
import com.paycore.user.UserRepository;

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
    UserRepository users;

    @Inject
    AuditLog audit;

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
        User user = users.findByEmail(email).map(u -> em.find(User.class, u.id(), LockModeType.PESSIMISTIC_WRITE))
                .orElse(null);
        if (user == null) {
            audit.recordAs(null, email.trim(), "Login", "User", null, AuditLog.FAILURE, "unknown email");
            throw OAuthException.invalidGrant(REFUSED);
        }
        if (!user.active() || user.isLocked(now)) {
            audit.recordAs(user.id(), user.email(), "Login", "User", user.id(), AuditLog.FAILURE,
                    user.active() ? "account locked" : "user inactive");
            throw OAuthException.invalidGrant(REFUSED);
        }
        if (!Passwords.verify(password.toCharArray(), user.passwordHash())) {
            boolean locked = user.recordFailedLogin(now);
            audit.recordAs(user.id(), user.email(), "Login", "User", user.id(), AuditLog.FAILURE, "wrong password");
            if (locked) {
                audit.recordAs(user.id(), user.email(), "AccountLocked", "User", user.id(), AuditLog.SUCCESS,
                        "after " + User.MAX_FAILED_LOGINS + " consecutive failures, until " + user.lockedUntil());
            }
            throw OAuthException.invalidGrant(REFUSED);
        }
        user.recordSuccessfulLogin();
        audit.recordAs(user.id(), user.email(), "Login", "User", user.id(), AuditLog.SUCCESS, null);
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
        User user = users.find(stored.userId()).orElse(null);
        if (user == null || !user.active() || user.isLocked(now)) {
            throw OAuthException.invalidGrant(REFUSED);
        }
        return issue(user, now);
    }

    private TokenResponse issue(User user, OffsetDateTime now) {
        String refresh = Secrets.newToken();
        em.persist(new RefreshToken(user.id(), Secrets.digest(refresh), now, now.plus(refreshLifetime)));
        String access = AccessTokens.issue(user.id(), user.email(), user.platformAdmin(), now.toInstant(), accessLifetime);
        return new TokenResponse(access, "Bearer", accessLifetime.toSeconds(), refresh);
    }
}
