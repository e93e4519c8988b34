package com.paycore.access;

import java.util.Locale;

import com.paycore.platform.web.AppException;

/** A company-level role. The spec's description calls User "Member": accepted as input, answered as User. */
public enum Role {
    None, Admin, User;

    /** Reads a role as sent by a client (case-insensitive, Member = User); null stays null. */
    public static Role parse(String value) {
        if (value == null) {
            return null;
        }
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "none" -> None;
            case "admin" -> Admin;
            case "user", "member" -> User;
            default -> throw AppException.invalid("roles must be one of None, Admin, User (or Member)");
        };
    }
}
