package com.paycore.platform.input;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.lang.reflect.ParameterizedType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import jakarta.validation.Valid;
import jakarta.ws.rs.PathParam;

import com.paycore.CompiledClasses;

import org.junit.jupiter.api.Test;

/**
 * Ids before bodies, on every operation at once (docs/DECISIONS.md, "Ids before bodies"): {@code @Valid} on a
 * resource parameter validates the body before the method runs, hence before the service looks up the ids the request
 * names, which would let an invalid body tell another tenant's id from an unknown one. Operations naming an id (in the path, other than the API key's own
 * {@code projectId}, or as a UUID field of the body) validate in the service through {@link Bodies} instead.
 */
class BodiesAfterIdsTest {

    /** Reviewed exceptions, each with its reason in docs/DECISIONS.md (hardening 20-22). */
    private static final Set<String> ALLOWED = Set.of(
            "TokensResource.create",            // its project is the API key's own, checked by the key filter
            "PayTransactionsResource.authorize", // an unknown paymentToken is 400 anyway
            "PayTransactionsResource.capture",   // no constraints: the amount is checked after the row lock
            "PayTransactionsResource.refund",    // same
            "CardUpdaterResource.run");          // its one field is the company id itself

    @Test
    void noOperationNamingAnIdValidatesItsBodyBeforeTheLookup() throws Exception {
        List<String> offenders = new ArrayList<>();
        int checked = 0;
        for (Class<?> resource : resources()) {
            for (Method method : resource.getDeclaredMethods()) {
                for (Parameter body : method.getParameters()) {
                    if (!body.isAnnotationPresent(Valid.class)) {
                        continue;
                    }
                    checked++;
                    String name = resource.getSimpleName() + "." + method.getName();
                    if ((namesIdInPath(method) || hasIdField(body.getType())) && !ALLOWED.contains(name)) {
                        offenders.add(name);
                    }
                }
            }
        }
        assertTrue(checked > 0, "no @Valid parameter found: the scan is broken");
        assertEquals(List.of(), offenders, "validate these bodies in the service after the lookup (Bodies.validate)");
    }

    private static boolean namesIdInPath(Method method) {
        return Arrays.stream(method.getParameters()).map(p -> p.getAnnotation(PathParam.class))
                .anyMatch(p -> p != null && !p.value().equals("projectId"));
    }

    private static boolean hasIdField(Class<?> type) {
        for (Field field : type.getFields()) {
            if (field.getType() == UUID.class || field.getGenericType() instanceof ParameterizedType generic
                    && Arrays.asList(generic.getActualTypeArguments()).contains(UUID.class)) {
                return true;
            }
        }
        return false;
    }

    private static List<Class<?>> resources() {
        return CompiledClasses.loaded().stream().filter(c -> c.getSimpleName().endsWith("Resource")).toList();
    }
}
