package com.paycore.platform.input;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.spi.AnnotatedParameter;
import jakarta.enterprise.inject.spi.Extension;
import jakarta.enterprise.inject.spi.ProcessAnnotatedType;
import jakarta.enterprise.inject.spi.WithAnnotations;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.QueryParam;

/**
 * Collects, at deployment, every query parameter name the resources declare (and their {@link QueryAlias}es),
 * so that {@link CaseInsensitiveQuery} can match what a client sends regardless of case.
 */
public class QueryParameterNames implements Extension {

    /** lower-case spelling or alias -> the declared names it stands for. */
    private static final Map<String, Set<String>> DECLARED = new ConcurrentHashMap<>();

    <T> void collect(@Observes @WithAnnotations(Path.class) ProcessAnnotatedType<T> type) {
        type.getAnnotatedType().getMethods().forEach(method -> method.getParameters().forEach(this::add));
    }

    private void add(AnnotatedParameter<?> parameter) {
        QueryParam query = parameter.getAnnotation(QueryParam.class);
        if (query == null) {
            return;
        }
        register(query.value(), query.value());
        QueryAlias alias = parameter.getAnnotation(QueryAlias.class);
        if (alias != null) {
            for (String name : alias.value()) {
                register(name, query.value());
            }
        }
    }

    static void register(String spelling, String declared) {
        DECLARED.computeIfAbsent(spelling.toLowerCase(Locale.ROOT), k -> ConcurrentHashMap.newKeySet()).add(declared);
    }

    /** The declared names a client's spelling stands for; empty when none matches. */
    static Set<String> declaredFor(String spelling) {
        return DECLARED.getOrDefault(spelling.toLowerCase(Locale.ROOT), Set.of());
    }
}
