package com.paycore.platform.input;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
}
