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

    /**
     * A new time-ordered (version 7, RFC 9562) UUID: the Unix time in milliseconds in its first 48 bits, then 74 random
     * bits. For the rows of a table that grows by millions, whose key indexes then take new ids at their right edge
     * instead of at random pages all over them. It tells when it was made, to the millisecond: for rows whose creation
     * time is no secret, never for an id that stands for a credential.
     */
    public static UUID newTimeOrderedId() {
        byte[] random = new byte[10];
        Randomness.fill(random);
        ByteBuffer bits = ByteBuffer.wrap(random);
        long millis = System.currentTimeMillis() & 0xffff_ffff_ffffL;
        long high = millis << 16 | 0x7000L | bits.getShort() & 0x0fffL;
        long low = 0x8000_0000_0000_0000L | bits.getLong() & 0x3fff_ffff_ffff_ffffL;
        return new UUID(high, low);
    }
}
