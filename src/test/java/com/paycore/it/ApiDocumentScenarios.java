package com.paycore.it;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.HttpMethod;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.paycore.CompiledClasses;
import com.paycore.platform.web.PaymentsApplication;

import org.junit.jupiter.api.Test;

/**
 * The OpenAPI document the service serves: the operations of the running application's JAX-RS resources, no more
 * and no less, each one named, secured and answering described bodies; and the copy the client is generated from
 * (src/test/openapi/openapi.json) is the live document.
 */
abstract class ApiDocumentScenarios {

    static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);
    static final Path COPY = Path.of("src/test/openapi/openapi.json");

    static JsonNode live() throws IOException {
        String body = given().baseUri(Deployments.baseUri()).accept("application/json").get("/openapi")
                .then().statusCode(200).extract().asString();
        return JSON.readTree(body);
    }

    @Test
    void theDocumentHasExactlyTheOperationsOfTheResources() throws IOException {
        Set<String> documented = new TreeSet<>();
        JsonNode doc = live();
        for (Iterator<Map.Entry<String, JsonNode>> paths = doc.get("paths").fields(); paths.hasNext(); ) {
            Map.Entry<String, JsonNode> path = paths.next();
            path.getValue().fieldNames().forEachRemaining(m -> documented.add(m.toUpperCase() + " " + path.getKey()));
        }
        assertEquals(resourceOperations(), documented);
    }

    @Test
    void everyOperationIsNamedSecuredAndAnswersDescribedBodies() throws IOException {
        JsonNode doc = live();
        assertFalse(doc.has("endpoints"), "no non-standard top-level attribute");
        Set<String> ids = new TreeSet<>();
        List<String> problems = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> paths = doc.get("paths").fields(); paths.hasNext(); ) {
            Map.Entry<String, JsonNode> path = paths.next();
            for (Iterator<Map.Entry<String, JsonNode>> ops = path.getValue().fields(); ops.hasNext(); ) {
                Map.Entry<String, JsonNode> op = ops.next();
                String name = op.getKey().toUpperCase() + " " + path.getKey();
                if (!ids.add(op.getValue().path("operationId").asText())) {
                    problems.add(name + ": operationId missing or repeated");
                }
                String security = op.getValue().path("security").toString();
                if (path.getKey().startsWith("/api/adm/") && !security.equals("[{\"bearer\":[]}]")) {
                    problems.add(name + ": not secured by the bearer JWT: " + security);
                }
                if (path.getKey().startsWith("/api/pay/")
                        && !security.equals("[{\"apiKey\":[]},{\"apiKeyBearer\":[]}]")) {
                    problems.add(name + ": not secured by the API key: " + security);
                }
                for (JsonNode parameter : op.getValue().path("parameters")) {
                    if (parameter.path("in").asText().equals("path")
                            && !parameter.path("schema").path("format").asText().equals("uuid")) {
                        problems.add(name + ": path parameter " + parameter.path("name") + " is not a uuid");
                    }
                }
                op.getValue().path("responses").fields().forEachRemaining(r -> {
                    String ref = r.getValue().path("content").path("application/json").path("schema").path("$ref").asText();
                    if (ref.isEmpty() || !doc.at("/components/schemas/" + ref.substring(ref.lastIndexOf('/') + 1)).isObject()) {
                        problems.add(name + " " + r.getKey() + ": no described body");
                    }
                });
            }
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    /**
     * The client is generated at build time from the copy: it must be the document the service serves. When the API
     * changes, the live document is left in target/openapi-live.json to copy over src/test/openapi/openapi.json.
     */
    @Test
    void theCopyTheClientIsGeneratedFromIsTheLiveDocument() throws IOException {
        JsonNode live = live();
        JsonNode copy = JSON.readTree(COPY.toFile());
        if (!live.equals(copy)) {
            Path dump = Path.of(System.getProperty("payments.it.dir", "target/it")).getParent().resolve("openapi-live.json");
            Files.writeString(dump, JSON.writeValueAsString(JSON.treeToValue(live, Object.class)));
            throw new AssertionError("src/test/openapi/openapi.json differs from /openapi: copy " + dump + " over it");
        }
    }

    /**
     * The main operations show an example of their request body and of their success answer, assembled from the
     * examples on the real types (ApiDocumentFilter.answerExample).
     */
    @Test
    void theMainOperationsCarryExamples() throws IOException {
        JsonNode paths = live().get("paths");
        List<String> missing = new ArrayList<>();
        for (String[] op : new String[][] {
                {"post", "/api/auth/token", "200"}, {"post", "/api/adm/companies", "201"},
                {"post", "/api/adm/companyProjects", "201"}, {"post", "/api/adm/projectPaymentProcessors", "201"},
                {"post", "/api/pay/{projectId}/companyProjectCreditCardPaymentsInfo", "201"},
                {"post", "/api/pay/{projectId}/transactions", "201"},
                {"post", "/api/pay/{projectId}/transactions/{id}/capture", "200"},
                {"post", "/api/pay/{projectId}/transactions/{id}/refund", "200"},
                {"get", "/api/pay/{projectId}/transactions", "200"},
                {"post", "/api/adm/reportTransactions/reports", "200"}}) {
            JsonNode operation = paths.path(op[1]).path(op[0]);
            JsonNode answer = operation.path("responses").path(op[2]).path("content").path("application/json")
                    .path("example");
            boolean envelope = !op[1].equals("/api/auth/token"); // the token endpoint answers RFC 6749 bodies
            if (!answer.isObject() || envelope && !answer.path("success").asBoolean(false)) {
                missing.add(op[0] + " " + op[1] + " answer " + op[2]);
            }
            if (op[0].equals("post")) {
                boolean body = false;
                for (JsonNode media : operation.path("requestBody").path("content")) {
                    body |= media.path("example").isObject();
                }
                if (!body) {
                    missing.add(op[0] + " " + op[1] + " request body");
                }
            }
        }
        assertEquals(List.of(), missing, "main operations without an example");
    }

    /**
     * Answer fields that can be null say so (OpenAPI 3.0 {@code nullable}): a token's validCVV is null when gateway 2's
     * card verification got no answer (DESIGN.md section 12), in the create answer (an {@code @Answer.Field}) as in
     * the token read (a record component's {@code @Schema}).
     */
    @Test
    void answerFieldsThatCanBeNullAreMarkedNullable() throws IOException {
        JsonNode schemas = live().get("components").get("schemas");
        for (String schema : List.of("CreatePaymentTokenAnswer", "TokenView")) {
            JsonNode validCvv = schemas.path(schema).path("properties").path("validCVV");
            assertEquals("boolean", validCvv.path("type").asText(), schema + ": " + validCvv);
            assertTrue(validCvv.path("nullable").asBoolean(false), schema + ".validCVV is not nullable: " + validCvv);
        }
        assertFalse(schemas.path("CreatePaymentTokenAnswer").path("properties").path("paymentToken").has("nullable"),
                "only the fields that can be null");
    }

    /** "VERB /api/path" of every resource method of the application, read from the compiled classes. */
    static Set<String> resourceOperations() {
        String root = PaymentsApplication.class.getAnnotation(ApplicationPath.class).value();
        Set<String> operations = new TreeSet<>();
        for (Class<?> resource : CompiledClasses.loaded()) {
            jakarta.ws.rs.Path path = resource.getAnnotation(jakarta.ws.rs.Path.class);
            if (path == null) {
                continue;
            }
            String base = join(root, path.value());
            for (Method m : resource.getMethods()) {
                for (Annotation a : m.getAnnotations()) {
                    HttpMethod verb = a.annotationType().getAnnotation(HttpMethod.class);
                    if (verb != null) {
                        jakarta.ws.rs.Path sub = m.getAnnotation(jakarta.ws.rs.Path.class);
                        operations.add(verb.value() + " " + (sub == null ? base : join(base, sub.value())));
                    }
                }
            }
        }
        return operations;
    }

    static String join(String base, String path) {
        String joined = base.replaceAll("/$", "") + "/" + path.replaceAll("^/", "");
        return joined.endsWith("/") ? joined.substring(0, joined.length() - 1) : joined;
    }
}
