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
 * so that {@link CaseInsensitiveQuery} can match what a client sends regardless of case. Names are kept by area, the
 * first segment of the resource's path ({@code adm}, {@code pay}): a request is given only the spellings its own
 * area declares (E16's {@code id} is not also added as the admin routes' {@code Id} and {@code keyId}, which cost
 * every E16 a rebuilt request URI, docs/PERFORMANCE.md).
 */
public class QueryParameterNames implements Extension {

    /** area -> lower-case spelling or alias -> the declared names it stands for. */
    private static final Map<String, Map<String, Set<String>>> DECLARED = new ConcurrentHashMap<>();

    <T> void collect(@Observes @WithAnnotations(Path.class) ProcessAnnotatedType<T> type) {
        Path path = type.getAnnotatedType().getJavaClass().getAnnotation(Path.class);
        String area = area(path == null ? "" : path.value());
        type.getAnnotatedType().getMethods().forEach(method -> method.getParameters().forEach(p -> add(area, p)));
    }

    private void add(String area, AnnotatedParameter<?> parameter) {
        QueryParam query = parameter.getAnnotation(QueryParam.class);
        if (query == null) {
            return;
        }
        register(area, query.value(), query.value());
        QueryAlias alias = parameter.getAnnotation(QueryAlias.class);
        if (alias != null) {
            for (String name : alias.value()) {
                register(area, name, query.value());
            }
        }
    }

    /** The first segment of a path, without slashes: {@code /pay/{projectId}/transactions} is in area {@code pay}. */
    static String area(String path) {
        int start = path.startsWith("/") ? 1 : 0;
        int end = path.indexOf('/', start);
        return end < 0 ? path.substring(start) : path.substring(start, end);
    }

    static void register(String area, String spelling, String declared) {
        DECLARED.computeIfAbsent(area, k -> new ConcurrentHashMap<>())
                .computeIfAbsent(spelling.toLowerCase(Locale.ROOT), k -> ConcurrentHashMap.newKeySet()).add(declared);
    }

    /** The declared names a client's spelling stands for in an area; empty when none matches. */
    static Set<String> declaredFor(String area, String spelling) {
        return DECLARED.getOrDefault(area, Map.of()).getOrDefault(spelling.toLowerCase(Locale.ROOT), Set.of());
    }
}
