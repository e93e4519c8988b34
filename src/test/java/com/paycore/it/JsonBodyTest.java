package com.paycore.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import io.restassured.path.json.JsonPath;
import io.restassured.path.json.config.JsonPathConfig;

/** {@link JsonBody} gives REST Assured's {@link JsonPath} answers: the scenarios' assertions mean what they meant. */
class JsonBodyTest {

    private static final String BODY = """
            {"success": true, "code": 0, "total": 3, "big": 12345678901, "huge": 123456789012345678901234567890,
             "amount": 10.50, "rate": 0.1, "tiny": 1e-50, "wide": 1e300, "negative": -2.25, "text": "x", "none": null,
             "entry": {"id": "a1", "isActive": false, "roles": ["Admin", "User"], "nested": {"n": 7, "deep": null}},
             "entries": [
               {"id": "e1", "amount": 1.5, "roles": ["Admin"], "isActive": true, "count": 2, "sub": {"k": "v1"}},
               null,
               {"id": "e2", "amount": 2, "roles": [], "isActive": false, "sub": null},
               {"id": null, "roles": ["User", "Admin"], "count": "5"}
             ],
             "empty": [], "matrix": [[1, 2], [3]], "words": ["a", null, "c"]}
            """;

    @ParameterizedTest
    @ValueSource(strings = {"success", "code", "total", "big", "huge", "amount", "rate", "tiny", "wide", "negative",
            "text", "none", "missing", "entry", "entry.id", "entry.isActive", "entry.roles", "entry.roles[0]",
            "entry.roles[-1]", "entry.roles[5]", "entry.nested", "entry.nested.n", "entry.nested.deep",
            "entry.missing", "entries", "entries.id", "entries.amount", "entries.roles", "entries.isActive",
            "entries.count", "entries.sub", "entries.sub.k", "entries[0]", "entries[0].id", "entries[1]",
            "entries[-1].id", "entries[2].sub", "entries[9]", "entries.id[1]", "empty", "empty.id", "empty[0]",
            "matrix", "matrix[1]", "matrix[0][1]", "words", "words[1]", "$", ""})
    void readsWhatJsonPathReads(String path) {
        JsonPath expected = new JsonPath(BODY);
        JsonBody actual = JsonBody.of(BODY);
        assertEquals(expected.<Object>get(path), actual.<Object>get(path), path);
        assertEquals(type(expected.get(path)), type(actual.get(path)), path);
        if (!(actual.get(path) instanceof Map || actual.get(path) instanceof List)) {
            assertEquals(expected.getString(path), actual.getString(path), path);
        }
    }

    @Test
    void convertsAsJsonPathConverts() {
        JsonPath expected = new JsonPath(BODY);
        JsonBody actual = JsonBody.of(BODY);
        for (String path : List.of("code", "total", "entries[3].count", "entries[0].count")) {
            assertEquals(expected.getInt(path), actual.getInt(path), path);
            assertEquals(expected.getLong(path), actual.getLong(path), path);
        }
        assertEquals(expected.getLong("big"), actual.getLong("big"));
        for (String path : List.of("success", "entry.isActive", "entries[0].isActive", "text")) {
            assertEquals(expected.getBoolean(path), actual.getBoolean(path), path);
        }
        assertEquals(expected.getList("entries.id", String.class), actual.getList("entries.id", String.class));
        assertEquals(expected.getList("entries.amount", String.class), actual.getList("entries.amount", String.class));
        assertEquals(expected.getList("entries.sub", Map.class), actual.getList("entries.sub", Map.class));
        assertEquals(expected.getMap("entry"), actual.getMap("entry"));
        assertNull(actual.getList("missing"));
        assertThrows(NumberFormatException.class, () -> expected.getInt("amount"));
        assertThrows(NumberFormatException.class, () -> actual.getInt("amount"));
        assertEquals(expected.getInt("big"), actual.getInt("big"));
        assertThrows(NumberFormatException.class, () -> expected.getLong("rate"));
        assertThrows(NumberFormatException.class, () -> actual.getLong("rate"));
        assertThrows(NullPointerException.class, () -> expected.getInt("missing"));
        assertThrows(NullPointerException.class, () -> actual.getInt("missing"));
    }

    @Test
    void exactReadsDecimalsAsJsonPathsBigDecimalType() {
        JsonPath expected = new JsonPath(BODY).using(JsonPathConfig.jsonPathConfig()
                .numberReturnType(JsonPathConfig.NumberReturnType.BIG_DECIMAL));
        JsonBody actual = JsonBody.of(BODY).exact();
        for (String path : List.of("amount", "code", "big", "huge", "tiny", "entries.amount", "entry", "")) {
            assertEquals(expected.<Object>get(path), actual.<Object>get(path), path);
            assertEquals(type(expected.get(path)), type(actual.get(path)), path);
        }
        assertEquals(expected.getMap(""), actual.getMap(""));
    }

    @Test
    void atReadsFromTheValueAtItsPath() {
        JsonPath expected = JsonPath.from(BODY).setRootPath("entry");
        JsonBody actual = JsonBody.of(BODY).at("entry");
        for (String path : List.of("id", "roles", "nested.n", "missing")) {
            assertEquals(expected.<Object>get(path), actual.<Object>get(path), path);
        }
        assertEquals(Boolean.FALSE, actual.exact().get("isActive"));
    }

    @Test
    void aGroovyExpressionIsReadByJsonPath() {
        JsonBody actual = JsonBody.of(BODY);
        assertEquals(4, actual.<Integer>get("entries.size()"));
        assertEquals("e2", actual.getString("entries.find { it?.amount == 2 }.id"));
    }

    private static String type(Object value) {
        if (value instanceof List<?> list) {
            return "List" + list.stream().map(JsonBodyTest::type).toList();
        }
        return value == null ? "null" : value.getClass().getSimpleName();
    }
}
