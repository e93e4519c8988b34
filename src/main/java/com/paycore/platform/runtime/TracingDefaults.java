package com.paycore.platform.runtime;

import java.util.Map;
import java.util.Set;

import org.eclipse.microprofile.config.spi.ConfigSource;

/**
 * No JAX-RS server span when no tracing is configured. Payara opens an OpenTelemetry span for every JAX-RS request of
 * an application its telemetry service knows (ours, whatever is configured), which cost 7-10% of the server's CPU on
 * the hot paths and our trivial GET (docs/PERFORMANCE.md) for spans nobody exports. Unless OpenTelemetry is turned
 * on the way Payara reads it ({@code otel.sdk.disabled=false} as a system property or {@code OTEL_SDK_DISABLED=false}
 * in the environment), this source answers {@code mp.opentracing.server.skip-pattern=.*}, Payara's own switch for
 * requests not to trace. Its ordinal (50) is below every other source: a skip pattern set anywhere else wins, e.g.
 * {@code ^$} to keep Payara's request tracing of JAX-RS calls without OpenTelemetry (docs/operations.md, "Running it").
 */
public class TracingDefaults implements ConfigSource {

    static final String SKIP_PATTERN = "mp.opentracing.server.skip-pattern";
    static final String EVERYTHING = ".*";

    @Override
    public Set<String> getPropertyNames() {
        return getProperties().keySet();
    }

    @Override
    public Map<String, String> getProperties() {
        return tracingConfigured(System.getProperty("otel.sdk.disabled"), System.getenv("OTEL_SDK_DISABLED"))
                ? Map.of() : Map.of(SKIP_PATTERN, EVERYTHING);
    }

    @Override
    public String getValue(String propertyName) {
        return SKIP_PATTERN.equals(propertyName) ? getProperties().get(propertyName) : null;
    }

    /** As Payara decides whether an application's OpenTelemetry SDK is a real one. */
    static boolean tracingConfigured(String systemProperty, String environment) {
        return "false".equalsIgnoreCase(systemProperty) || "false".equalsIgnoreCase(environment);
    }

    @Override
    public String getName() {
        return "payments-tracing-defaults";
    }

    @Override
    public int getOrdinal() {
        return 50;
    }
}
