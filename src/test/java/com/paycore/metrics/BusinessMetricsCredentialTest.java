package com.paycore.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

import org.junit.jupiter.api.Test;

class BusinessMetricsCredentialTest {

    private static final String SECRET = "a-long-scrape-secret-0123456789";

    private static String basic(String userAndPassword) {
        return "Basic " + Base64.getEncoder().encodeToString(userAndPassword.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void theSecretAsBearerOrBasicPasswordIsAccepted() {
        assertTrue(BusinessMetricsServlet.authorized("Bearer " + SECRET, "metrics", SECRET));
        assertTrue(BusinessMetricsServlet.authorized("bearer  " + SECRET + " ", "metrics", SECRET));
        assertTrue(BusinessMetricsServlet.authorized(basic("metrics:" + SECRET), "metrics", SECRET));
        assertTrue(BusinessMetricsServlet.authorized(basic("prom:" + SECRET), "prom", SECRET));
    }

    @Test
    void anythingElseIsRefused() {
        assertFalse(BusinessMetricsServlet.authorized(null, "metrics", SECRET));
        assertFalse(BusinessMetricsServlet.authorized("", "metrics", SECRET));
        assertFalse(BusinessMetricsServlet.authorized("Bearer", "metrics", SECRET));
        assertFalse(BusinessMetricsServlet.authorized("Bearer " + SECRET + "x", "metrics", SECRET));
        assertFalse(BusinessMetricsServlet.authorized(SECRET, "metrics", SECRET));
        assertFalse(BusinessMetricsServlet.authorized(basic("other:" + SECRET), "metrics", SECRET));
        assertFalse(BusinessMetricsServlet.authorized(basic("metrics:wrong"), "metrics", SECRET));
        assertFalse(BusinessMetricsServlet.authorized(basic(SECRET), "metrics", SECRET));
        assertFalse(BusinessMetricsServlet.authorized("Basic %%%", "metrics", SECRET));
        assertFalse(BusinessMetricsServlet.authorized("Bearer " + SECRET, "metrics", null));
    }

    @Test
    void labelValuesAreEscaped() {
        assertEquals("a\\\"b\\\\c\\nd", BusinessFigures.escape("a\"b\\c\nd"));
    }
}
