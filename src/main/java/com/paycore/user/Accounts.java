package com.paycore.user;

import java.time.OffsetDateTime;
import java.util.Optional;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;

import com.paycore.audit.AuditLog;

/**
 * What the other features ask about users: accounts by id or email, and the password check with its lockout. Joins
 * the caller's transaction (a refused login's counters commit with the caller's).
 */
@ApplicationScoped
@Transactional(Transactional.TxType.SUPPORTS)
public class Accounts {

    @PersistenceContext(unitName = "payments")
    EntityManager em;

    @Inject
    UserRepository users;

    @Inject
    AuditLog audit;

    public Optional<Account> find(UUID id) {
        return users.find(id).map(Account::of);
    }

    public Optional<Account> findByEmail(String email) {
        return users.findByEmail(email).map(Account::of);
    }

    /**
     * The password grant's check, under the user's row lock: the account when the email is known, the account
     * active and not locked, and the password right; empty otherwise. Each attempt is audited; wrong passwords count
     * towards the lockout ({@link User#MAX_FAILED_LOGINS} in a row).
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public Optional<Account> signIn(String email, String password, OffsetDateTime now) {
        User user = users.findByEmail(email).map(u -> em.find(User.class, u.id(), LockModeType.PESSIMISTIC_WRITE))
                .orElse(null);
        if (user == null) {
            audit.recordAs(null, email.trim(), "Login", "User", null, AuditLog.FAILURE, "unknown email");
            return Optional.empty();
        }
        if (!user.active() || user.isLocked(now)) {
            audit.recordAs(user.id(), user.email(), "Login", "User", user.id(), AuditLog.FAILURE,
                    user.active() ? "account locked" : "user inactive");
            return Optional.empty();
        }
        if (!Passwords.verify(password.toCharArray(), user.passwordHash())) {
            boolean locked = user.recordFailedLogin(now);
            audit.recordAs(user.id(), user.email(), "Login", "User", user.id(), AuditLog.FAILURE, "wrong password");
            if (locked) {
                audit.recordAs(user.id(), user.email(), "AccountLocked", "User", user.id(), AuditLog.SUCCESS,
                        "after " + User.MAX_FAILED_LOGINS + " consecutive failures, until " + user.lockedUntil());
            }
            return Optional.empty();
        }
        user.recordSuccessfulLogin();
        audit.recordAs(user.id(), user.email(), "Login", "User", user.id(), AuditLog.SUCCESS, null);
        return Optional.of(Account.of(user));
    }
}
