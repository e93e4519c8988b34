package com.paycore.cardfile;

/** The card file SQL the integration tests run against the real database (their package cannot see CardFileRows). */
public final class CardFileQueries {

    private CardFileQueries() {
    }

    /** The duplicate-reference check the import runs for each chunk: (references array, file id). */
    public static String referencesSeen(boolean postgres) {
        return postgres ? CardFileRows.REFERENCES_SEEN : CardFileRows.REFERENCES_SEEN_H2;
    }
}
