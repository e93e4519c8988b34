package com.paycore.platform.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.json.bind.JsonbBuilder;
import jakarta.ws.rs.core.Response;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class EnvelopeTest {

    private static final String OK_PREFIX = "{\"success\":true,\"code\":200,\"errorMessage\":null";

    private static String json(Object value) {
        return StrictJson.jsonb().toJson(value);
    }

    @Test
    void successEnvelopeIsExactlyTheThreeFixedFields() {
        assertEquals(OK_PREFIX + "}", json(Envelope.ok()));
    }

    /** A response whose components are not in alphabetical order: the envelope keeps their declaration order. */
    public record Unordered(long total, UUID id, String entry) {
    }

    public record One(int a) {
    }

    public record Two(String x, Integer y) {
    }

    @Test
    void addedFieldsFollowTheFixedOnesInDeclarationOrder() {
        UUID id = UUID.fromString("123e4567-e89b-12d3-a456-426614174000");
        String out = json(Envelope.ok(new Unordered(3, id, "x")));
        assertEquals(OK_PREFIX + ",\"total\":3,\"id\":\"" + id + "\",\"entry\":\"x\"}", out);
    }

    @Test
    void extraFieldsNeverPrecedeTheFixedOnes() {
        String out = json(Envelope.ok(new One(1)));
        assertTrue(out.startsWith(OK_PREFIX + ","), out);
    }

    @ParameterizedTest
    @CsvSource({"400,400", "401,401", "403,401", "404,404", "409,400", "415,400", "500,500", "405,400", "406,400",
            "503,500"})
    void errorEnvelopeCarriesTheMappedCode(int httpStatus, int envelopeCode) {
        Envelope envelope = Envelope.error(httpStatus, "boom");
        assertFalse(envelope.success());
        assertEquals(envelopeCode, envelope.code());
        assertEquals("{\"success\":false,\"code\":" + envelopeCode + ",\"errorMessage\":\"boom\"}", json(envelope));
    }

    @Test
    void errorMessageIsEscaped() {
        assertEquals("{\"success\":false,\"code\":400,\"errorMessage\":\"a \\\"quoted\\\" word\"}",
                json(Envelope.error(400, "a \"quoted\" word")));
    }

    @Test
    void emptyListGivesEmptyEntriesArray() {
        assertEquals(OK_PREFIX + ",\"entries\":[]}", json(Envelope.list(List.of())));
        assertEquals(OK_PREFIX + ",\"entries\":[]}", json(Envelope.list(new ArrayList<>())));
    }

    @Test
    void nullListGivesEmptyEntriesArray() {
        assertEquals(OK_PREFIX + ",\"entries\":[]}", json(Envelope.list(null)));
    }

    @Test
    void listEntriesAreSerializedInOrder() {
        Map<String, Object> first = new LinkedHashMap<>();
        first.put("name", "a");
        first.put("n", 1);
        assertEquals(OK_PREFIX + ",\"entries\":[{\"name\":\"a\",\"n\":1},\"b\"]}",
                json(Envelope.list(List.of(first, "b"))));
    }

    @Test
    void nullValueIsWrittenAsNull() {
        assertEquals(OK_PREFIX + ",\"entry\":null}", json(Envelope.entry(null)));
        assertEquals(OK_PREFIX + ",\"x\":null,\"y\":2}", json(Envelope.ok(new Two(null, 2))));
    }

    public record View(String name, boolean active) {
    }

    @Test
    void entryIsSerializedAsAnObject() {
        // Properties of the entry itself follow JSON-B's default (lexicographic) order.
        assertEquals(OK_PREFIX + ",\"entry\":{\"active\":true,\"name\":\"n\"}}", json(Envelope.entry(new View("n", true))));
    }

    @Test
    void nullFieldsOfEntriesAndEntryArePresentAsNull() {
        // DESIGN.md lists the fields of each answer: an unset one (a key's deactivationDate) is there as null.
        assertEquals(OK_PREFIX + ",\"entry\":{\"active\":true,\"name\":null}}", json(Envelope.entry(new View(null, true))));
        assertEquals(OK_PREFIX + ",\"entries\":[{\"active\":false,\"name\":null}]}",
                json(Envelope.list(List.of(new View(null, false)))));
        // The envelope itself still adds nothing an operation did not add (no entries, id or entry).
        assertEquals(OK_PREFIX + "}", json(Envelope.ok()));
        assertEquals("{\"success\":false,\"code\":404,\"errorMessage\":\"m\"}", json(Envelope.error(404, "m")));
    }

    @Test
    void sameResultWithADefaultJsonb() throws Exception {
        try (var jsonb = JsonbBuilder.create()) {
            assertEquals(OK_PREFIX + ",\"entries\":[]}", jsonb.toJson(Envelope.list(List.of())));
            assertEquals(OK_PREFIX + ",\"x\":null,\"y\":2}", jsonb.toJson(Envelope.ok(new Two(null, 2))));
        }
    }

    @Test
    void aCreateAnswersItsIdFirstAndInLocation() {
        UUID id = UUID.fromString("123e4567-e89b-12d3-a456-426614174000");
        Response created = Envelope.created(URI.create("http://h/api/adm/things/"), id);
        assertEquals(201, created.getStatus());
        assertEquals("http://h/api/adm/things/" + id, created.getLocation().toString());
        assertEquals(OK_PREFIX + ",\"id\":\"" + id + "\"}", json(created.getEntity()));
    }
}
