package com.paycore.user;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.UUID;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import com.paycore.platform.data.Timestamped;
import com.paycore.platform.input.Ids;

/**
 * A person who can sign in. Platform administrators are users with a flag; company roles live on
 * company users. Holds the login lockout rule: {@link #MAX_FAILED_LOGINS} consecutive failures lock the
 * account for {@link #LOCKOUT}.
 */
@Entity
@Table(name = "users")
class User extends Timestamped {

    public static final int MAX_FAILED_LOGINS = 10;
    public static final Duration LOCKOUT = Duration.ofMinutes(30);

    @Id
    private UUID id;
    private String email;
    @Column(name = "email_key")
    private String emailKey;
    @Column(name = "first_name")
    private String firstName;
    @Column(name = "last_name")
    private String lastName;
    @Column(name = "phone_number")
    private String phoneNumber;
    @Column(name = "password_hash")
    private String passwordHash;
    private boolean active;
    @Column(name = "platform_admin")
    private boolean platformAdmin;
    @Column(name = "failed_logins")
    private int failedLogins;
    @Column(name = "locked_until")
    private OffsetDateTime lockedUntil;
    @Column(name = "credentials_changed_at")
    private OffsetDateTime credentialsChangedAt;

    protected User() {
    }

    public User(String email, boolean platformAdmin) {
        this.id = Ids.newId();
        changeEmail(email);
        this.platformAdmin = platformAdmin;
        this.active = true;
    }

    public static String emailKey(String email) {
        return email.trim().toLowerCase(Locale.ROOT);
    }

    public void changeEmail(String email) {
        this.email = email.trim();
        this.emailKey = emailKey(email);
    }

    public void changeName(String firstName, String lastName) {
        this.firstName = firstName;
        this.lastName = lastName;
    }

    public void changePhoneNumber(String phoneNumber) {
        this.phoneNumber = phoneNumber;
    }

    public void changePasswordHash(String passwordHash) {
        this.passwordHash = passwordHash;
    }

    public void grantPlatformAdmin(boolean platformAdmin) {
        this.platformAdmin = platformAdmin;
    }

    public void activate(boolean active) {
        this.active = active;
    }

    public boolean isLocked(OffsetDateTime now) {
        return lockedUntil != null && now.isBefore(lockedUntil);
    }

    /** Counts a failed login; the tenth in a row locks the account. Returns true when this one locked it. */
    public boolean recordFailedLogin(OffsetDateTime now) {
        if (lockedUntil != null && !now.isBefore(lockedUntil)) {
            lockedUntil = null;
            failedLogins = 0;
        }
        failedLogins++;
        if (failedLogins >= MAX_FAILED_LOGINS && lockedUntil == null) {
            lockedUntil = now.plus(LOCKOUT);
            return true;
        }
        return false;
    }

    /**
     * The password or the e-mail changed at {@code now}: access tokens issued before it are no longer accepted. Kept
     * truncated down to the second, the granularity of a token's iat: a token issued in the same second (after the
     * change, e.g. the login with the new password) stays valid, one of an earlier second does not.
     */
    public void recordCredentialChange(OffsetDateTime now) {
        this.credentialsChangedAt = now.truncatedTo(ChronoUnit.SECONDS);
    }

    public OffsetDateTime credentialsChangedAt() {
        return credentialsChangedAt;
    }

    public void recordSuccessfulLogin() {
        failedLogins = 0;
        lockedUntil = null;
    }

    public UUID id() {
        return id;
    }

    public String email() {
        return email;
    }

    public String firstName() {
        return firstName;
    }

    public String lastName() {
        return lastName;
    }

    public String phoneNumber() {
        return phoneNumber;
    }

    public String passwordHash() {
        return passwordHash;
    }

    public boolean active() {
        return active;
    }

    public boolean platformAdmin() {
        return platformAdmin;
    }

    public int failedLogins() {
        return failedLogins;
    }

    public OffsetDateTime lockedUntil() {
        return lockedUntil;
    }

}
