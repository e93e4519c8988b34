package com.paycore.platform.input;

import java.util.regex.Pattern;

/**
 * What the service accepts as an email address: at most {@link #MAX_LENGTH} characters, one @, no spaces, a domain of
 * dot-separated non-empty labels with at least one dot.
 */
public final class Emails {

    /** RFC 5321's limit on a forward path. */
    public static final int MAX_LENGTH = 254;
    /**
     * Possessive quantifiers only, over classes that cannot overlap with what follows: the matcher never backtracks,
     * so the time is linear in the input (a backtracking {@code [^@\s]+\.[^@\s]+} is quadratic on {@code a@....@}).
     */
    static final Pattern PATTERN = Pattern.compile("[^@\\s]++@(?:[^@\\s.]++\\.)++[^@\\s.]++");
    public static final String MESSAGE = "must be a valid email address";

    private Emails() {
    }

    /** Length first: an oversized value is refused without running the pattern. */
    public static boolean isValid(CharSequence value) {
        return value != null && value.length() <= MAX_LENGTH && PATTERN.matcher(value).matches();
    }
}
