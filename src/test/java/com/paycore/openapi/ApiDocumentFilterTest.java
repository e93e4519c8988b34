package com.paycore.openapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.paycore.CompiledClasses;
import com.paycore.idempotency.Idempotent;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The document the build scans from the types and the filter completes (target/openapi/openapi.json, written in
 * process-classes, the file the WAR serves): answers flattened into the envelope, scalars inline, one operationId
 * per operation, the Idempotency-Key header where the filter binds it. ApiDocumentScenarios compares the served one.
 */
class ApiDocumentFilterTest {

    static JsonNode doc;

    @BeforeAll
    static void read() throws IOException {
        doc = new ObjectMapper().readTree(Path.of("target/openapi/openapi.json").toFile());
    }

    static JsonNode schema(String name) {
        return doc.path("components").path("schemas").path(name);
    }

    static JsonNode success(String path, String verb, String code) {
        return doc.path("paths").path(path).path(verb).path("responses").path(code).path("content")
                .path("application/json").path("schema");
    }

    @Test
    void everyOperationHasAUniqueOperationIdNamingWhatItActsOn() {
        Set<String> seen = new HashSet<>();
        List<String> problems = new ArrayList<>();
        doc.path("paths").fields().forEachRemaining(path -> path.getValue().fields().forEachRemaining(op -> {
            String id = op.getValue().path("operationId").asText();
            if (!seen.add(id) || !id.matches("[a-z]+[A-Z][A-Za-z]+")) {
                problems.add(op.getKey() + " " + path.getKey() + ": " + id);
            }
        }));
        assertTrue(problems.isEmpty(), problems.toString());
        assertFalse(seen.isEmpty());
    }

    /** The answer documented is the type answered, after the envelope's own fields; the bare envelope answers nothing more. */
    @Test
    void answersAreTheEnvelopeFollowedByTheAnswerRecord() {
        assertEquals("#/components/schemas/ListTransactionsAnswer",
                success("/api/pay/{projectId}/transactions", "get", "200").path("$ref").asText());
        JsonNode list = schema("ListTransactionsAnswer");
        assertEquals("[\"success\",\"code\",\"errorMessage\",\"entries\"]", list.path("required").toString());
        assertEquals("#/components/schemas/TransactionView",
                list.path("properties").path("entries").path("items").path("$ref").asText());
        assertTrue(schema("CapturePaymentAnswer").path("properties").has("transactionId"), "CaptureResponse's fields");
        assertEquals("#/components/schemas/Envelope",
                success("/api/adm/webhookEndpoints/{id}", "delete", "200").path("$ref").asText());
        assertEquals("#/components/schemas/TokenResponse", success("/api/auth/token", "post", "200").path("$ref").asText());
        JsonNode id = schema("ProjectView").path("properties").path("id");
        assertEquals("string", id.path("type").asText());
        assertEquals("uuid", id.path("format").asText());
        assertFalse(id.has("$ref") || id.has("pattern"), id.toString());
    }

    @Test
    void onlyTheDocumentsOwnSchemasAreComponents() {
        Set<String> names = new TreeSet<>();
        doc.path("components").path("schemas").fieldNames().forEachRemaining(names::add);
        List<String> leftovers = names.stream().filter(n -> n.equals("UUID") || n.equals("OffsetDateTime")
                || n.startsWith("Envelope") && !n.equals("Envelope") || n.startsWith("Entries") || n.startsWith("Entry")).toList();
        assertEquals(List.of(), leftovers);
        assertTrue(names.containsAll(List.of("Envelope", "OAuthError", "TransactionView", "CardInput")), names.toString());
    }

    @Test
    void idempotentOperationsDocumentTheirKey() {
        long idempotent = CompiledClasses.all().stream().flatMap(c -> c.getMethods().stream())
                .filter(m -> m.isAnnotatedWith(Idempotent.class) && m.isAnnotatedWith(Operation.class)).count();
        List<String> keyed = new ArrayList<>();
        doc.path("paths").fields().forEachRemaining(path -> path.getValue().fields().forEachRemaining(op -> {
            for (JsonNode p : op.getValue().path("parameters")) {
                if (p.path("name").asText().equals(Idempotent.KEY)) {
                    keyed.add(op.getKey() + " " + path.getKey());
                    assertEquals(255, p.path("schema").path("maxLength").asInt());
                }
            }
        }));
        assertEquals(idempotent, keyed.size(), keyed.toString());
        assertTrue(idempotent >= 9);
    }

    @Test
    void pathParametersComeInThePathsOrder() {
        JsonNode params = doc.path("paths").path("/api/pay/{projectId}/transactions/{id}/capture").path("post")
                .path("parameters");
        assertEquals("projectId", params.get(0).path("name").asText());
        assertEquals("id", params.get(1).path("name").asText());
        assertEquals(Idempotent.KEY, params.get(2).path("name").asText());
    }
}
