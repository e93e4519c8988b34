package com.paycore.platform.runtime;

import java.lang.reflect.Method;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReferenceArray;

import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.ext.Provider;

import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.MetricUnits;
import org.eclipse.microprofile.metrics.Tag;
import org.eclipse.microprofile.metrics.Timer;

import com.paycore.platform.web.PaymentsApplication;

/**
 * Per-endpoint request counts by status class and latency, at /metrics:
 * {@code payments_http_requests_total{method, path, status}} and {@code payments_http_request_seconds{method, path}}.
 * The path is the operation's template (ids stay {id}), the status its class (2xx, 4xx...), so no id or card data
 * reaches a tag. Cost per request: two nanoTime reads, one request property, one map lookup by the resource method;
 * the metric objects of an endpoint are resolved once, at its first request. Requests that match no resource method
 * are counted under path "unmatched", by method among the standard ones ({@link #STANDARD_METHODS}) and every other
 * method under the one label "OTHER": the method is client text, and a label value per made-up method would let
 * anyone grow the registry and the scrape without bound.
 */
@Provider
@PreMatching
@Priority(1)
public class HttpMetrics implements ContainerRequestFilter, ContainerResponseFilter {

    static final String STARTED = HttpMetrics.class.getName() + ".started";
    static final String REQUESTS = "payments_http_requests";
    static final String DURATION = "payments_http_request";
    /** The methods of HTTP (RFC 9110, and PATCH) that keep their own label on unmatched requests; exact case. */
    static final Set<String> STANDARD_METHODS = Set.of("GET", "HEAD", "POST", "PUT", "DELETE",
            "CONNECT", "OPTIONS", "TRACE", "PATCH");
    /** The label of every other method. */
    static final String OTHER_METHOD = "OTHER";

    @Inject
    MetricRegistry registry;

    @Context
    ResourceInfo resource;

    private final Map<Method, Endpoint> endpoints = new ConcurrentHashMap<>();
    private final Map<String, Endpoint> unmatched = new ConcurrentHashMap<>();

    @Override
    public void filter(ContainerRequestContext request) {
        request.setProperty(STARTED, System.nanoTime());
    }

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        Object started = request.getProperty(STARTED);
        Method method = resource == null ? null : resource.getResourceMethod();
        Endpoint endpoint = method == null
                ? unmatched.computeIfAbsent(methodLabel(request.getMethod()),
                        verb -> new Endpoint(registry, verb, "unmatched"))
                : endpoints.computeIfAbsent(method, m -> new Endpoint(registry, verb(m), template(m)));
        endpoint.count(response.getStatus());
        if (started instanceof Long nanos) {
            endpoint.timer.update(Duration.ofNanos(System.nanoTime() - nanos));
        }
    }

    /** The request's method as a label: itself when standard, else {@link #OTHER_METHOD}. */
    static String methodLabel(String method) {
        return method != null && STANDARD_METHODS.contains(method) ? method : OTHER_METHOD;
    }

    static String verb(Method method) {
        for (var a : method.getAnnotations()) {
            HttpMethod verb = a.annotationType().getAnnotation(HttpMethod.class);
            if (verb != null) {
                return verb.value();
            }
        }
        return OTHER_METHOD;
    }

    /** The operation's path template, as in the OpenAPI document: /api/pay/{projectId}/transactions/{id}/capture. */
    static String template(Method method) {
        String root = PaymentsApplication.class.getAnnotation(ApplicationPath.class).value();
        Path type = method.getDeclaringClass().getAnnotation(Path.class);
        Path sub = method.getAnnotation(Path.class);
        String path = root.replaceAll("/$", "") + "/" + (type == null ? "" : type.value().replaceAll("^/|/$", ""))
                + (sub == null ? "" : "/" + sub.value().replaceAll("^/|/$", ""));
        return path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    }

    /** The metric objects of one operation. */
    static final class Endpoint {

        private final MetricRegistry registry;
        private final Tag method;
        private final Tag path;
        final Timer timer;
        private final AtomicReferenceArray<Counter> byClass = new AtomicReferenceArray<>(6);

        Endpoint(MetricRegistry registry, String verb, String template) {
            this.registry = registry;
            this.method = new Tag("method", verb);
            this.path = new Tag("path", template);
            this.timer = registry.timer(Metadata.builder().withName(DURATION)
                    .withDescription("Time to answer a request, by operation").withUnit(MetricUnits.NANOSECONDS).build(),
                    method, path);
        }

        void count(int status) {
            int k = Math.max(1, Math.min(5, status / 100));
            Counter counter = byClass.get(k);
            if (counter == null) {
                counter = registry.counter(Metadata.builder().withName(REQUESTS)
                        .withDescription("Requests answered, by operation and status class").build(),
                        method, path, new Tag("status", k + "xx"));
                byClass.set(k, counter);
            }
            counter.inc();
        }
    }
}
