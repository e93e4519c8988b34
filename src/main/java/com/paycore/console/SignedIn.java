package com.paycore.console;

import java.io.Serializable;
import java.util.UUID;

/**
 * What the console's server-side session holds about its user: the account's id, when it signed in and when it was
 * last seen (epoch milliseconds), never a password, a token or card data. The account itself is read again on every
 * request.
 */
record SignedIn(UUID userId, long atMillis, long lastSeenMillis) implements Serializable {

    static final String ATTRIBUTE = "com.paycore.console.signedIn";

    static SignedIn at(UUID userId, long nowMillis) {
        return new SignedIn(userId, nowMillis, nowMillis);
    }

    /** The sign-in's second, compared with the account's credential changes as a bearer token's iat is. */
    long atEpochSecond() {
        return Math.floorDiv(atMillis, 1000);
    }

    SignedIn seen(long nowMillis) {
        return new SignedIn(userId, atMillis, nowMillis);
    }
}
