package com.paycore.platform.input;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import jakarta.ws.rs.core.MediaType;

import org.junit.jupiter.api.Test;

import com.paycore.platform.web.AppException;
import com.paycore.platform.web.ErrorCode;

class RequestBodiesTest {

    static final MediaType JSON = MediaType.APPLICATION_JSON_TYPE;

    public static class Body {
        public String name;
    }

    static ErrorCode refusal(String json, Class<?> type) {
        return refusal(json.getBytes(StandardCharsets.UTF_8), JSON, type);
    }

    static ErrorCode refusal(byte[] body, MediaType mediaType, Class<?> type) {
        return assertThrows(AppException.class, () -> RequestBodies.check(body, mediaType, type, type)).code();
    }

    static void accepted(String json, Class<?> type) {
        assertDoesNotThrow(() -> RequestBodies.check(json.getBytes(StandardCharsets.UTF_8), JSON, type, type));
    }

    @Test
    void numbersWithHugeExponentsOrManyDigitsAreRefusedBeforeAnyArithmetic() {
        for (String number : new String[] {"1e-150000000", "1e-1500000000", "1E+400", "1e41", "1e-41",
                "1" + "0".repeat(40), "0." + "0".repeat(39) + "1", "123456789012345678901234567890.1234567890"}) {
            assertEquals(ErrorCode.NUMBER_OUT_OF_RANGE, refusal("{\"amount\":" + number + "}", Body.class), number);
        }
        for (String number : new String[] {"12.34", "-1", "0", "1e40", "1e-40", "999999999999.9999", "2147483648"}) {
            accepted("{\"amount\":" + number + "}", Body.class);
        }
        assertEquals(ErrorCode.NUMBER_OUT_OF_RANGE, refusal("{\"a\":[1,{\"b\":1e-999999}]}", Body.class));
    }

    @Test
    void nestingDeeperThanTheLimitIsRefused() {
        String deep = "{\"a\":" + "[".repeat(5_000) + "]".repeat(5_000) + "}";
        assertEquals(ErrorCode.BODY_TOO_DEEP, refusal(deep, Body.class));
        int allowed = RequestBodies.MAX_DEPTH - 1; // inside the top-level object
        accepted("{\"a\":" + "[".repeat(allowed) + "]".repeat(allowed) + "}", Body.class);
        String oneTooMany = "{\"a\":" + "[".repeat(allowed + 1) + "]".repeat(allowed + 1) + "}";
        assertEquals(ErrorCode.BODY_TOO_DEEP, refusal(oneTooMany, Body.class));
    }

    @Test
    void anOperationTakingAnObjectRefusesOtherTopLevelValues() {
        for (String json : new String[] {"[{\"name\":\"x\"}]", "[]"}) {
            assertEquals(ErrorCode.BODY_NOT_OBJECT, refusal(json, Body.class), json);
        }
        for (String json : new String[] {"\"x\"", "1", "true", "null"}) { // some parsers refuse a bare scalar as such
            assertEquals(400, refusal(json, Body.class).status(), json);
        }
        accepted("{\"name\":\"x\"}", Body.class);
        accepted("[\"x\"]", List.class);
        accepted("{}", Map.class);
    }

    @Test
    void invalidUtf8IsRefusedWhateverTheMediaType() {
        byte[] body = {'{', '"', 'n', 'a', 'm', 'e', '"', ':', '"', (byte) 0xC3, (byte) 0x28, '"', '}'};
        assertEquals(ErrorCode.BODY_NOT_UTF8, refusal(body, JSON, Body.class));
        assertEquals(ErrorCode.BODY_NOT_UTF8, refusal(new byte[] {'a', '=', (byte) 0xFF},
                MediaType.APPLICATION_FORM_URLENCODED_TYPE, Object.class));
        accepted("{\"name\":\"Zoë 東京\"}", Body.class);
    }

    @Test
    void malformedJsonIsRefusedWithoutQuotingIt() {
        AppException e = assertThrows(AppException.class, () -> RequestBodies.check(
                "{\"name\": \"secret-4111111111111111\" oops".getBytes(StandardCharsets.UTF_8), JSON, Body.class, Body.class));
        assertEquals(ErrorCode.MALFORMED_JSON, e.code());
        assertTrue(!e.getMessage().contains("4111"), e.getMessage());
    }

    @Test
    void theBoundedStreamRefusesReadingPastTheLimit() throws IOException {
        byte[] exact = new byte[100];
        try (InputStream in = new RequestBodies.Bounded(new ByteArrayInputStream(exact), 100)) {
            assertArrayEquals(exact, in.readAllBytes());
        }
        InputStream over = new RequestBodies.Bounded(new ByteArrayInputStream(new byte[101]), 100);
        AppException e = assertThrows(AppException.class, over::readAllBytes);
        assertEquals(ErrorCode.BODY_TOO_LARGE, e.code());
        assertEquals(413, e.code().status());
    }
}
