package com.paycore.auth;

import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.Optional;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;

import com.paycore.secret.Secrets;
import com.paycore.user.SessionsEnded;

/** Stored refresh tokens, looked up by hash; revocation of one family or of all a user's tokens. */
@ApplicationScoped
class RefreshTokens {

    @PersistenceContext(unitName = "payments")
    EntityManager em;

    @Inject
    Clock clock;

    /** Locked, so that two uses of the same token are serialized: the second one sees the first one's revocation. */
    Optional<RefreshToken> lockByValue(String value) {
        return em.createQuery("select t from RefreshToken t where t.tokenHash = :hash", RefreshToken.class)
                .setParameter("hash", Secrets.digest(value))
                .setLockMode(LockModeType.PESSIMISTIC_WRITE)
                .getResultStream().findFirst();
    }

    void add(RefreshToken token) {
        em.persist(token);
    }

    int revokeFamily(UUID familyId, OffsetDateTime now) {
        return em.createQuery("update RefreshToken t set t.revokedAt = :now "
                        + "where t.familyId = :family and t.revokedAt is null")
                .setParameter("now", now).setParameter("family", familyId)
                .executeUpdate();
    }

    /**
     * A password reset or a deactivation ends every session of the user: whoever held a refresh token (perhaps
     * the reason for the reset) cannot mint new access tokens with it. Runs in the transaction of the change.
     */
    void revokeAll(@Observes SessionsEnded ended) {
        em.createQuery("update RefreshToken t set t.revokedAt = :now where t.userId = :user and t.revokedAt is null")
                .setParameter("now", OffsetDateTime.now(clock)).setParameter("user", ended.userId())
                .executeUpdate();
    }
}
