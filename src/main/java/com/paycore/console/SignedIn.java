package com.paycore.console;

import java.io.Serializable;
import java.util.UUID;

/**
 * What the console's server-side session holds about its user: the account's id and when it signed in (epoch
 * seconds), never a password, a token or card data. The account itself is read again on every request.
 */
record SignedIn(UUID userId, long atEpochSecond) implements Serializable {

    static final String ATTRIBUTE = "com.paycore.console.signedIn";
}
