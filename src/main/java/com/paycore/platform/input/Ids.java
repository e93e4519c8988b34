package com.paycore.platform.input;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.UUID;
import java.util.regex.Pattern;

import com.paycore.platform.runtime.Randomness;

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

    /** An id no row has: stands for "none" where a query needs a value. */
    public static final UUID NONE = new UUID(0, 0);

    /**
     * A list for an {@code in :ids} parameter: SQL has no empty IN list, so an empty one matches nothing through NONE;
     * null (no such filter) stays null.
     */
    public static List<UUID> orNone(List<UUID> ids) {
        return ids == null ? null : ids.isEmpty() ? List.of(NONE) : ids;
    }

    /**
     * A new random (version 4) UUID, as {@link UUID#randomUUID()} makes, from this thread's generator rather than the
     * one that every thread shares ({@link Randomness}).
     */
    public static UUID newId() {
        byte[] random = new byte[16];
        Randomness.fill(random);
        random[6] = (byte) ((random[6] & 0x0f) | 0x40); // version 4
        random[8] = (byte) ((random[8] & 0x3f) | 0x80); // the IETF variant
        ByteBuffer bits = ByteBuffer.wrap(random);
        return new UUID(bits.getLong(), bits.getLong());
    }
}
