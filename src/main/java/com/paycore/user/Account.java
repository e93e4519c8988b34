package com.paycore.user;

import java.time.OffsetDateTime;
import java.util.UUID;

/** A user as the other features read it (authentication, memberships, invitations): never the password hash. */
public record Account(UUID id, String email, String firstName, String lastName, String phoneNumber, boolean active,
                      boolean platformAdmin, OffsetDateTime lockedUntil) {

    static Account of(User user) {
        return new Account(user.id(), user.email(), user.firstName(), user.lastName(), user.phoneNumber(),
                user.active(), user.platformAdmin(), user.lockedUntil());
    }

    /** Active and not locked out at the given time. */
    public boolean canSignIn(OffsetDateTime now) {
        return active && (lockedUntil == null || !now.isBefore(lockedUntil));
    }
}
