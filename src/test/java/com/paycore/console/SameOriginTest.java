package com.paycore.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

/** Which console POSTs come from the console's own pages, and the one policy web.xml hands PrimeFaces. */
class SameOriginTest {

    @Test
    void theOriginDecidesWhenSent() {
        assertTrue(SameOrigin.allows("console.example:8443", "https://console.example:8443", null));
        assertTrue(SameOrigin.allows("CONSOLE.example", "https://console.example", "https://evil.example/"),
                "the Origin, when sent, is the one that counts");
        assertTrue(SameOrigin.allows("console.example", "http://console.example", null),
                "the scheme is not compared: TLS may end at a proxy");
        assertFalse(SameOrigin.allows("console.example", "https://evil.example", null));
        assertFalse(SameOrigin.allows("console.example", "https://console.example:444", null), "another port");
        assertFalse(SameOrigin.allows("console.example", "https://console.example.evil.example", null));
        assertFalse(SameOrigin.allows("console.example", "null", null), "an opaque origin is foreign");
        assertFalse(SameOrigin.allows("console.example", "::not a url::", null));
        assertFalse(SameOrigin.allows(null, "https://console.example", null), "no Host: nothing to compare with");
    }

    @Test
    void theRefererDecidesWithoutAnOrigin() {
        assertTrue(SameOrigin.allows("console.example", null, "https://console.example/console/transactions?q=1"));
        assertFalse(SameOrigin.allows("console.example", null, "https://evil.example/console"));
        assertTrue(SameOrigin.allows("console.example", null, null), "neither header: the view state guards the form");
    }

    @Test
    void primeFacesGetsTheGatesPolicy() throws Exception {
        String webXml = Files.readString(Path.of("src/main/webapp/WEB-INF/web.xml"));
        String policy = webXml.replaceAll("(?s).*<param-name>primefaces.CSP_POLICY</param-name>\\s*<param-value>([^<]*)</param-value>.*", "$1")
                .replace("&apos;", "'");
        assertEquals(ConsoleGate.CONTENT_SECURITY_POLICY, policy);
        assertTrue(policy.endsWith("script-src 'self'"), "PrimeFaces appends the nonce: script-src comes last");
        assertFalse(policy.contains("unsafe-inline'; script") || policy.contains("script-src 'self' 'unsafe-inline"));
    }
}
