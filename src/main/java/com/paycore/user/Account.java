package com.paycore.user;

import java.time.OffsetDateTime;
import java.util.UUID;

/** A user as the other features read it (authentication, memberships, invitations): never the password hash. */
public record Account(UUID id, String email, String firstName, String lastName, String phoneNumber, boolean active,
                      boolean platformAdmin, OffsetDateTime lockedUntil, OffsetDateTime credentialsChangedAt) {

    static Account of(User user) {
        return new Account(user.id(), user.email(), user.firstName(), user.lastName(), user.phoneNumber(),
                user.active(), user.platformAdmin(), user.lockedUntil(), user.credentialsChangedAt());
    }

    /**
     * Whether an access token issued at {@code issuedAtSecond} (its iat, epoch seconds) predates the last change of
     * the password or the e-mail (kept truncated to the second): strictly before that second is stale.
     */
    public boolean issuedBeforeCredentialChange(long issuedAtSecond) {
        return credentialsChangedAt != null && issuedAtSecond < credentialsChangedAt.toEpochSecond();
    }

    /**
     * Whether a sign-in made at {@code signedInSecond} (an access token's iat, a console session's start; epoch
     * seconds) still lets this user act: the account is active and the sign-in is not older than the last change of
     * the password or the e-mail. A lockout stops new sign-ins only.
     */
    public boolean mayStillAct(long signedInSecond) {
        return active && !issuedBeforeCredentialChange(signedInSecond);
    }

    /** Active and not locked out at the given time. */
    public boolean canSignIn(OffsetDateTime now) {
        return active && (lockedUntil == null || !now.isBefore(lockedUntil));
    }
}
