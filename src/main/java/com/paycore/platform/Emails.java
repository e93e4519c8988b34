package com.paycore.platform;

/** What the service accepts as an email address: one @, no spaces, a dot in the domain. */
public final class Emails {

    public static final String PATTERN = "^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$";
    public static final String MESSAGE = "must be a valid email address";

    private Emails() {
    }
}
