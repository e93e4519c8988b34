package com.paycore.platform.data;

import java.util.Locale;

/** Escapes a user's text for a LIKE pattern (with {@code escape '\'}), so % and _ match themselves. */
public final class Likes {

    private Likes() {
    }

    public static String escape(String text) {
        return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
    }

    public static String contains(String text) {
        return "%" + escape(text.trim().toLowerCase(Locale.ROOT)) + "%";
    }
}
