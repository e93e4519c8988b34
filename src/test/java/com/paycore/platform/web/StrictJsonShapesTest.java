package com.paycore.platform.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;

import jakarta.json.bind.JsonbException;

import org.junit.jupiter.api.Test;

/** A label-to-value map (transaction tags) must be a JSON object of strings: any other shape is refused. */
class StrictJsonShapesTest {

    public static class Tagged {
        public Map<String, String> tags;
    }

    @Test
    void readsAnObjectOfStrings() {
        assertEquals(Map.of("a", "x", "b", "y"), StrictJson.jsonb().fromJson("{\"tags\":{\"a\":\"x\",\"b\":\"y\"}}", Tagged.class).tags);
    }

    @Test
    void refusesArraysScalarsAndNestedValues() {
        for (String tags : new String[] {"[\"a\",\"b\"]", "[]", "[{\"key\":\"a\",\"value\":\"b\"}]", "\"vip\"", "7",
                "{\"a\":[1]}", "{\"a\":{\"b\":1}}", "{\"a\":1}", "{\"a\":true}"}) {
            assertThrows(JsonbException.class, () -> StrictJson.jsonb().fromJson("{\"tags\":" + tags + "}", Tagged.class), tags);
        }
    }
}
