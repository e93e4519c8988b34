package com.paycore.user;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import com.paycore.audit.AuditLog;
import com.paycore.platform.data.Page;

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

    @Inject
    UserService userService;

    @Inject
    ExternalIdentityService externalIdentities;

    @Inject
    @ConfigProperty(name = "payments.security.pbkdf2-iterations", defaultValue = "210000")
    int iterations;

    private LoginCheck logins;

    @PostConstruct
    void init() {
        logins = new LoginCheck((password, hash) -> Passwords.verify(password, hash), new Passwords(iterations));
    }

    /** A new account made by accepting an invitation: no caller, never a platform administrator. */
    @Transactional(Transactional.TxType.REQUIRED)
    public Account register(String email, String firstName, String lastName, String password) {
        User user = new User(email, false);
        user.changeName(firstName, lastName);
        user.changePasswordHash(userService.hashPassword(password));
        users.add(user);
        audit.recordAs(user.id(), user.email(), "UserRegistered", "User", user.id(), AuditLog.SUCCESS, "by invitation");
        return Account.of(user);
    }

    /**
     * GET /api/adm/users as answered, for the console ({@link UserService}'s check: platform administrators only),
     * the users whose e-mail or name holds the text; never a password hash.
     */
    public List<UserView> views(String text, Page page) {
        return userService.views(text, page);
    }

    public Optional<Account> find(UUID id) {
        return users.find(id).map(Account::of);
    }

    /** The account an external issuer's subject is linked to (by the issuer's configured name); empty without a link. */
    public Optional<Account> findByExternalIdentity(String issuerName, String subject) {
        if (issuerName == null || subject == null) {
            return Optional.empty();
        }
        return externalIdentities.userOf(issuerName, subject).map(Account::of);
    }

    public Optional<Account> findByEmail(String email) {
        return users.findByEmail(email).map(Account::of);
    }

    /** The account of an email, its user row locked until the transaction ends. */
    @Transactional(Transactional.TxType.MANDATORY)
    public Optional<Account> lockByEmail(String email) {
        return users.findByEmail(email).map(u -> em.find(User.class, u.id(), LockModeType.PESSIMISTIC_WRITE))
                .map(Account::of);
    }

    /** What {@link #proveOwner} found. */
    public enum Proof { PROVEN, MISSING, REFUSED }

    /**
     * An existing account's own password, checked like a login (same lockout counter, so no endpoint can be used to
     * guess passwords); the caller locked the user row ({@link #lockByEmail}). An inactive or locked account and a
     * wrong password are REFUSED and audited as the given action on the given target (a wrong one counts towards the
     * lockout); no password at all is MISSING.
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public Proof proveOwner(UUID userId, String password, OffsetDateTime now, String action, String targetType,
                            Object targetId) {
        User user = em.find(User.class, userId);
        if (!user.active() || user.isLocked(now)) {
            audit.recordAs(user.id(), user.email(), action, targetType, targetId, AuditLog.FAILURE,
                    user.active() ? "account locked" : "user inactive");
            return Proof.REFUSED;
        }
        if (password == null) {
            return Proof.MISSING;
        }
        if (!Passwords.verify(password.toCharArray(), user.passwordHash())) {
            boolean locked = user.recordFailedLogin(now);
            audit.recordAs(user.id(), user.email(), action, targetType, targetId, AuditLog.FAILURE,
                    "wrong password of the existing account");
            if (locked) {
                audit.recordAs(user.id(), user.email(), "AccountLocked", "User", user.id(), AuditLog.SUCCESS,
                        "after " + User.MAX_FAILED_LOGINS + " consecutive failures, until " + user.lockedUntil());
            }
            return Proof.REFUSED;
        }
        user.recordSuccessfulLogin();
        return Proof.PROVEN;
    }

    /**
     * The password grant's check, under the user's row lock: the account when the email is known, the account
     * active and not locked, and the password right; empty otherwise. Every path does the same PBKDF2 work
     * ({@link LoginCheck}); each attempt is audited; wrong passwords count towards the lockout
     * ({@link User#MAX_FAILED_LOGINS} in a row).
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public Optional<Account> signIn(String email, String password, OffsetDateTime now) {
        User user = users.findByEmail(email).map(u -> em.find(User.class, u.id(), LockModeType.PESSIMISTIC_WRITE))
                .orElse(null);
        switch (logins.check(user, password.toCharArray(), now)) {
            case UNKNOWN_ACCOUNT -> {
                // Not the typed username: it may be a password typed into the wrong field.
                audit.recordAs(null, null, "Login", "User", null, AuditLog.FAILURE, "unknown account");
                return Optional.empty();
            }
            case INACTIVE, LOCKED -> {
                audit.recordAs(user.id(), user.email(), "Login", "User", user.id(), AuditLog.FAILURE,
                        user.active() ? "account locked" : "user inactive");
                return Optional.empty();
            }
            case WRONG_PASSWORD -> {
                boolean locked = user.recordFailedLogin(now);
                audit.recordAs(user.id(), user.email(), "Login", "User", user.id(), AuditLog.FAILURE, "wrong password");
                if (locked) {
                    audit.recordAs(user.id(), user.email(), "AccountLocked", "User", user.id(), AuditLog.SUCCESS,
                            "after " + User.MAX_FAILED_LOGINS + " consecutive failures, until " + user.lockedUntil());
                }
                return Optional.empty();
            }
            case ACCEPTED -> {
                user.recordSuccessfulLogin();
                audit.recordAs(user.id(), user.email(), "Login", "User", user.id(), AuditLog.SUCCESS, null);
                return Optional.of(Account.of(user));
            }
            default -> throw new IllegalStateException();
        }
    }
}
