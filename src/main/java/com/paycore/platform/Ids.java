package com.paycore.platform;

import java.util.UUID;
import java.util.regex.Pattern;

/** Ids are UUIDs in their canonical 8-4-4-4-12 hex form; anything else is malformed. */
public final class Ids {

    private static final Pattern CANONICAL =
            Pattern.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

    private Ids() {
    }

    public static UUID parse(String value) {
        if (value == null || !CANONICAL.matcher(value).matches()) {
            throw new IllegalArgumentException("not a UUID");
        }
        return UUID.fromString(value);
    }

    public static UUID newId() {
        return UUID.randomUUID();
    }
}
