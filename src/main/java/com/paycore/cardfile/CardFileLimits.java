package com.paycore.cardfile;

/**
 * The limits a card file is read under.
 *
 * @param maxExpandedBytes the most decrypted, decompressed bytes a file may hold
 * @param maxRows the most card rows (the header not counted)
 * @param messageBytes the size of the message as stored, when known (0 otherwise): decompressed content beyond
 *        {@link #EXPANSION_RATIO} times the larger of this and the binary bytes read so far fails the file at once;
 *        for an armored message the stored size is about 4/3 of its binary size, so the bound is that much looser
 */
record CardFileLimits(long maxExpandedBytes, long maxRows, long messageBytes) {

    /** Decompressed content may be at most this many times the binary message. */
    public static final long EXPANSION_RATIO = 100;

    public static final long DEFAULT_MAX_EXPANDED_BYTES = 8L << 30;
    public static final long DEFAULT_MAX_ROWS = 10_000_000;

    public CardFileLimits {
        if (maxExpandedBytes <= 0 || maxRows <= 0 || messageBytes < 0) {
            throw new IllegalArgumentException("limits must be positive");
        }
    }

    /** The defaults of payments.card-files.max-expanded-bytes and payments.card-files.max-rows. */
    public static CardFileLimits defaults(long messageBytes) {
        return new CardFileLimits(DEFAULT_MAX_EXPANDED_BYTES, DEFAULT_MAX_ROWS, messageBytes);
    }
}
