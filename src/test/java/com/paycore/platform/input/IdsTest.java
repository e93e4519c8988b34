package com.paycore.platform.input;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class IdsTest {

    @Test
    void parsesCanonicalForm() {
        UUID id = UUID.randomUUID();
        assertEquals(id, Ids.parse(id.toString()));
        assertEquals(id, Ids.parse(id.toString().toUpperCase()));
        assertEquals(UUID.fromString("00000000-0000-0000-0000-000000000001"), Ids.parse("00000000-0000-0000-0000-000000000001"));
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {
            "123",
            "1-2-3-4-5",
            "123e4567e89b12d3a456426614174000",
            "123e4567-e89b-12d3-a456426614174000",
            "123e4567-e89b-12d3-a456-42661417400g",
            "g23e4567-e89b-12d3-a456-426614174000",
            "123e4567-e89b-12d3-a456-4266141740000",
            "123e4567-e89b-12d3-a456-42661417400",
            " 123e4567-e89b-12d3-a456-426614174000",
            "123e4567-e89b-12d3-a456-426614174000 ",
            "{123e4567-e89b-12d3-a456-426614174000}",
            "123e4567_e89b_12d3_a456_426614174000",
    })
    void rejectsEverythingElse(String value) {
        assertThrows(IllegalArgumentException.class, () -> Ids.parse(value));
    }

    @Test
    void newIdsAreDistinct() {
        assertNotEquals(Ids.newId(), Ids.newId());
    }

    @Test
    void timeOrderedIdsAreVersion7WithTheirMillisecondFirstAndSortAsPostgreSqlComparesThem() throws Exception {
        long before = System.currentTimeMillis();
        UUID first = Ids.newTimeOrderedId();
        long after = System.currentTimeMillis();
        assertEquals(7, first.version());
        assertEquals(2, first.variant());
        long millis = first.getMostSignificantBits() >>> 16;
        assertTrue(millis >= before && millis <= after, first + " made at " + millis + ", not in " + before + ".." + after);
        assertEquals(first, Ids.parse(first.toString()));

        Thread.sleep(2); // a later millisecond
        UUID later = Ids.newTimeOrderedId();
        // PostgreSQL orders uuids by their bytes, unsigned, which is their canonical text's order
        assertTrue(first.toString().compareTo(later.toString()) < 0, first + " then " + later);

        Set<UUID> many = new HashSet<>();
        for (int i = 0; i < 100_000; i++) {
            many.add(Ids.newTimeOrderedId());
        }
        assertEquals(100_000, many.size(), "74 random bits a millisecond");
    }
}
