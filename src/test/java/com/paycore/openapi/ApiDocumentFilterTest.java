package com.paycore.openapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import jakarta.ws.rs.Path;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.junit.jupiter.api.Test;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

/** The filter knows every resource, and every operation has its own meaningful operationId. */
class ApiDocumentFilterTest {

    @Test
    void everyResourceClassIsDocumented() {
        Set<String> resources = new TreeSet<>();
        for (JavaClass c : new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("com.paycore")) {
            if (c.isAnnotatedWith(Path.class)) {
                resources.add(c.getName());
            }
        }
        Set<String> documented = new TreeSet<>();
        ApiDocumentFilter.RESOURCES.forEach(r -> documented.add(r.getName()));
        assertEquals(resources, documented, "ApiDocumentFilter.RESOURCES must list every JAX-RS resource");
    }

    @Test
    void everyOperationHasAUniqueOperationIdNamingWhatItActsOn() {
        Set<String> seen = new HashSet<>();
        List<String> problems = new ArrayList<>();
        for (Class<?> resource : ApiDocumentFilter.RESOURCES) {
            for (Method m : resource.getMethods()) {
                if (ApiDocumentFilter.httpMethod(m) == null) {
                    continue;
                }
                Operation op = m.getAnnotation(Operation.class);
                String id = op == null ? "" : op.operationId();
                if (id.isEmpty()) {
                    problems.add(resource.getSimpleName() + "." + m.getName() + " has no operationId");
                } else if (!seen.add(id)) {
                    problems.add(id + " is used twice");
                } else if (!id.matches("[a-z]+[A-Z][A-Za-z]+")) {
                    problems.add(id + " does not read as verb + object");
                }
            }
        }
        assertTrue(problems.isEmpty(), problems.toString());
        assertFalse(seen.isEmpty());
    }

    @Test
    void pathsJoinLikeJaxRs() {
        assertEquals("/api/adm/companies", ApiDocumentFilter.join("/api", "/adm/companies"));
        assertEquals("/api/adm/companies/{id}", ApiDocumentFilter.join("/api/adm/companies", "{id}"));
        assertEquals("/api/pay/{projectId}", ApiDocumentFilter.join("/api/pay/{projectId}", "/"));
    }

    static Method method(Class<?> resource, String name) {
        return java.util.Arrays.stream(resource.getMethods()).filter(m -> m.getName().equals(name)).findFirst().orElseThrow();
    }

    /**
     * The answer documented is the type answered: {@code T} of {@code Envelope<T>}, or the success
     * {@code @APIResponse}'s schema implementation for a method answering {@code Response}; none for the bare envelope.
     */
    @Test
    void theAnswerTypeIsTheTypeAnswered() {
        Class<?> pay = com.paycore.transaction.PayTransactionsResource.class;
        assertEquals(com.paycore.transaction.CaptureResponse.class, ApiDocumentFilter.answerType(method(pay, "capture")));
        assertEquals(com.paycore.transaction.AuthorizationResponse.class,
                ApiDocumentFilter.answerType(method(pay, "authorize")));
        assertEquals("com.paycore.platform.web.Envelope$Entries<com.paycore.transaction.TransactionView>",
                ApiDocumentFilter.answerType(method(pay, "list")).getTypeName());
        List<String> entries = SchemaBuilder.properties(ApiDocumentFilter.answerType(method(pay, "list"))).stream()
                .map(p -> p.name() + ":" + p.type().getTypeName()).toList();
        assertEquals(List.of("entries:java.util.List<com.paycore.transaction.TransactionView>"), entries);
        assertEquals(null, ApiDocumentFilter.answerType(method(com.paycore.webhook.WebhookEndpointsResource.class, "delete")));
    }
}
