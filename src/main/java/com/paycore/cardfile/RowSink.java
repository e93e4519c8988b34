package com.paycore.cardfile;

/**
 * Takes the rows of a card file in order. Rows arrive while the message is still being read: a row is only known to
 * come from an intact file once {@link CardFileReader#read} returned, so a pass that acts on rows runs after a pass
 * that read the same message to its end without failure.
 */
@FunctionalInterface
interface RowSink {

    void row(CardRow row);

    /** The sink of a pass that only verifies the file: rows are counted and checked, never handed over. */
    RowSink IGNORING = row -> {
    };

    static RowSink ignoring() {
        return IGNORING;
    }
}
