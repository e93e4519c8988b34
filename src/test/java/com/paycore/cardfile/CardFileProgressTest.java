package com.paycore.cardfile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.OffsetDateTime;
import java.util.UUID;

import org.junit.jupiter.api.Test;

class CardFileProgressTest {

    private static CardFileProgress file(String state, long rowsRead, Long rowsTotal) {
        CardFileView view = new CardFileView(UUID.randomUUID(), null, state, rowsRead, rowsRead, 0, null,
                OffsetDateTime.now(), null, null, null, null, UUID.randomUUID());
        return new CardFileProgress(view, rowsTotal);
    }

    @Test
    void theShareOfRowsReadIsKnownOnceTheFileIsVerified() {
        assertNull(file("Received", 0, null).percent(), "not verified yet: unknown, not 0%");
        assertNull(file("Processing", 0, null).percent());
        assertEquals(0, file("Processing", 0, 4000L).percent());
        assertEquals(25, file("Processing", 1000, 4000L).percent());
        assertEquals(0, file("Processing", 0, 0L).percent(), "an empty file divides by nothing");
        assertEquals(100, file("Succeeded", 0, 0L).percent());
        assertNull(file("Failed", 0, null).percent(), "a file failed before its rows were counted");
    }

    @Test
    void receivedAndProcessingFilesAreUnfinished() {
        assertTrue(file("Received", 0, null).unfinished());
        assertTrue(file("Processing", 10, 20L).unfinished());
        assertFalse(file("Succeeded", 20, 20L).unfinished());
        assertFalse(file("Failed", 0, null).unfinished());
    }
}
