package com.paycore.user;

import java.time.OffsetDateTime;
import java.util.UUID;

/** A user as answered: never the password or its hash. */
public record UserView(UUID id, String email, String firstName, String lastName, String phoneNumber,
                       boolean isActive, boolean platformAdmin, OffsetDateTime createdDate) {

    static UserView from(User u) {
        return new UserView(u.id(), u.email(), u.firstName(), u.lastName(), u.phoneNumber(), u.active(),
                u.platformAdmin(), u.createdAt());
    }
}
