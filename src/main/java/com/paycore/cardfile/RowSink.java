package com.paycore.cardfile;

/**
 * Takes the rows of a card file in order. Rows arrive while the message is still being read: a row is only known to
 * come from an intact file once {@link CardFileReader#read} returned, so a pass that acts on rows runs after a pass
 * that read the same message to its end without failure.
 */
@FunctionalInterface
interface RowSink {

    void row(CardRow row);

    /** A sink for a pass that only verifies the file. */
    static RowSink ignoring() {
        return row -> {
        };
    }
}
