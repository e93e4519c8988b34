package com.paycore.cardfile;

/** The card file SQL the integration tests run against the real database (their package cannot see CardFileRows). */
public final class CardFileQueries {

    private CardFileQueries() {
    }

    /** The duplicate-reference check on PostgreSQL: (file id, references array); answers the references it added. */
    public static String referencesAdded() {
        return CardFileRows.REFERENCES_ADD_POSTGRES;
    }
}
