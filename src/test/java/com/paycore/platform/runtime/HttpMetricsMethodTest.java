package com.paycore.platform.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

/** The method label of a request that matches no operation: the standard methods keep theirs, any other is OTHER. */
class HttpMetricsMethodTest {

    @Test
    void standardMethodsKeepTheirLabel() {
        for (String method : List.of("GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "PATCH", "TRACE", "CONNECT")) {
            assertEquals(method, HttpMetrics.methodLabel(method));
        }
    }

    @Test
    void everyOtherMethodSharesOneLabel() {
        for (String method : List.of("FOOBAR", "PROPFIND", "get", "X".repeat(500), "")) {
            assertEquals("OTHER", HttpMetrics.methodLabel(method), method);
        }
        assertEquals("OTHER", HttpMetrics.methodLabel(null));
    }
}
