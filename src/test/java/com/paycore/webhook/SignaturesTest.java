package com.paycore.webhook;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import org.junit.jupiter.api.Test;

/** The Payments-Signature header, checked against an HMAC computed here independently, and the secrets' shape. */
class SignaturesTest {

    static final byte[] BODY = "{\"id\":\"e1\",\"type\":\"transaction.authorized\",\"data\":{\"amount\":12.34,\"note\":\"caf\u00e9\"}}"
            .getBytes(StandardCharsets.UTF_8);

    static String hmacHex(String secret, String payload) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        return HexFormat.of().formatHex(mac.doFinal(payload.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void theHeaderIsTheTimestampAndTheHmacOfTimestampDotBodyKeyedWithTheWholeSecret() throws Exception {
        String secret = "whsec_test-secret";
        String header = Signatures.header(1_700_000_000L, BODY, List.of(secret));
        String expected = hmacHex(secret, "1700000000." + new String(BODY, StandardCharsets.UTF_8));
        assertEquals("t=1700000000,v1=" + expected, header);
        assertNotEquals(expected, hmacHex("test-secret", "1700000000." + new String(BODY, StandardCharsets.UTF_8)),
                "the whsec_ prefix is part of the key");
    }

    @Test
    void duringARotationEachValidSecretSignsCurrentFirst() throws Exception {
        String header = Signatures.header(42L, BODY, List.of("whsec_new", "whsec_old"));
        String payload = "42." + new String(BODY, StandardCharsets.UTF_8);
        assertEquals("t=42,v1=" + hmacHex("whsec_new", payload) + ",v1=" + hmacHex("whsec_old", payload), header);
        assertThrows(IllegalArgumentException.class, () -> Signatures.header(42L, BODY, List.of()));
    }

    @Test
    void theSignedPayloadIsTheBodysExactBytes() {
        byte[] payload = Signatures.signedPayload(7L, BODY);
        byte[] expected = ("7." + new String(BODY, StandardCharsets.UTF_8)).getBytes(StandardCharsets.UTF_8);
        assertArrayEquals(expected, payload);
    }

    @Test
    void secretsAreWhsecAnd32RandomBytes() {
        String a = Signatures.newSecret();
        String b = Signatures.newSecret();
        assertTrue(a.startsWith("whsec_"), a);
        assertEquals(32, Base64.getUrlDecoder().decode(a.substring("whsec_".length())).length);
        assertNotEquals(a, b);
    }
}
