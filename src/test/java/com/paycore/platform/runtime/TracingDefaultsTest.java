package com.paycore.platform.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** No JAX-RS server span unless OpenTelemetry is turned on, and below every other source. */
class TracingDefaultsTest {

    @Test
    void tracingCountsAsConfiguredOnlyWhenTheSdkIsNotDisabled() {
        assertFalse(TracingDefaults.tracingConfigured(null, null));
        assertFalse(TracingDefaults.tracingConfigured("true", "TRUE"));
        assertTrue(TracingDefaults.tracingConfigured("false", null));
        assertTrue(TracingDefaults.tracingConfigured(null, "FALSE"));
    }

    @Test
    void withoutTracingEveryRequestIsSkippedAndOnlyThatNameIsAnswered() {
        String saved = System.getProperty("otel.sdk.disabled");
        try {
            System.clearProperty("otel.sdk.disabled");
            TracingDefaults source = new TracingDefaults();
            if (!"false".equalsIgnoreCase(System.getenv("OTEL_SDK_DISABLED"))) {
                assertEquals(".*", source.getValue("mp.opentracing.server.skip-pattern"));
            }
            assertNull(source.getValue("otel.sdk.disabled"));
            System.setProperty("otel.sdk.disabled", "false");
            assertNull(source.getValue("mp.opentracing.server.skip-pattern"));
            assertTrue(source.getPropertyNames().isEmpty());
            assertTrue(source.getOrdinal() < 100, "below microprofile-config.properties and everything else");
        } finally {
            if (saved == null) {
                System.clearProperty("otel.sdk.disabled");
            } else {
                System.setProperty("otel.sdk.disabled", saved);
            }
        }
    }
}
