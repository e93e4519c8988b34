package com.paycore.platform.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import jakarta.ws.rs.core.Response;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

class ErrorCodeTest {

    private static int placeholders(ErrorCode code) {
        // Count the placeholders as the formatter sees them: a full message with markers in every slot.
        String probe = code.message(marks(10));
        int n = 0;
        Matcher m = Pattern.compile("<arg\\d>").matcher(probe);
        while (m.find()) {
            n++;
        }
        return n;
    }

    private static Object[] marks(int n) {
        Object[] args = new Object[n];
        for (int i = 0; i < n; i++) {
            args[i] = "<arg" + i + ">";
        }
        return args;
    }

    @ParameterizedTest
    @EnumSource(ErrorCode.class)
    void messageFormatsWithExactlyItsPlaceholders(ErrorCode code) {
        int n = placeholders(code);
        String message = code.message(marks(n));
        for (int i = 0; i < n; i++) {
            assertTrue(message.contains("<arg" + i + ">"), code + ": " + message);
        }
        assertFalse(message.contains("%"), code + " left a format specifier: " + message);
        assertFalse(message.isBlank(), code.name());
    }

    @ParameterizedTest
    @EnumSource(ErrorCode.class)
    void messageWithoutArgumentsLeavesNoPlaceholder(ErrorCode code) {
        String message = code.message();
        assertFalse(message.contains("%"), code + ": " + message);
        assertEquals(message.trim(), message, code.name());
    }

    @Test
    void messagesWithoutPlaceholdersAreTheTemplateText() {
        assertEquals("Missing, invalid or expired credentials", ErrorCode.UNAUTHENTICATED.message());
        assertEquals("No such resource", ErrorCode.ROUTE_NOT_FOUND.message());
    }

    @Test
    void knownFormattings() {
        assertEquals("Company not found", ErrorCode.NOT_FOUND.message("Company"));
        assertEquals("'x' is not a valid id", ErrorCode.MALFORMED_ID.message("x"));
        assertEquals("Query or path parameter 'limit' is invalid: expected a whole number",
                ErrorCode.INVALID_PARAMETER.message("limit", "expected a whole number"));
        assertEquals("'companyId' and 'company_id' name the same field but were given different values",
                ErrorCode.FIELD_CONFLICT.message("companyId", "company_id"));
        assertEquals("limit must be between 1 and 1000, and offset at least 0",
                ErrorCode.LIMIT_OUT_OF_RANGE.message(1000));
        assertEquals("The request body is not valid JSON or a field has the wrong type",
                ErrorCode.MALFORMED_JSON.message(""));
        assertEquals("The request body is not valid JSON or a field has the wrong type (field 'a')",
                ErrorCode.MALFORMED_JSON.message(" (field 'a')"));
        assertEquals("Unexpected error; quote correlation id abc", ErrorCode.INTERNAL.message("abc"));
        // An argument is data, never a format: a % in it is kept as is.
        assertEquals("50% off", ErrorCode.VALIDATION.message("50% off"));
    }

    @ParameterizedTest
    @EnumSource(ErrorCode.class)
    void statusIsAValidHttpErrorStatus(ErrorCode code) {
        int status = code.status();
        assertTrue(status >= 400 && status <= 599, code + ": " + status);
        assertNotNull(Response.Status.fromStatusCode(status), code + ": " + status + " is not a standard status");
    }

    @Test
    void catalogueHasNoDuplicates() {
        Set<String> names = new HashSet<>();
        Set<String> statusAndTemplate = new HashSet<>();
        List<String> duplicates = new ArrayList<>();
        for (ErrorCode code : ErrorCode.values()) {
            if (!names.add(code.name().toUpperCase(Locale.ROOT))) {
                duplicates.add("name " + code.name());
            }
            // The template as the caller sees it, placeholders marked.
            String key = code.status() + "|" + code.message(marks(placeholders(code)));
            if (!statusAndTemplate.add(key)) {
                duplicates.add("status and template of " + code.name());
            }
        }
        assertEquals(List.of(), duplicates);
        assertEquals(ErrorCode.values().length, names.size());
        assertEquals(ErrorCode.values().length, statusAndTemplate.size());
    }

    @ParameterizedTest
    @CsvSource({"200,200", "201,200", "204,200", "400,400", "401,401", "403,401", "404,404", "405,400",
            "406,400", "409,400", "415,400", "422,400", "500,500", "502,500", "503,500"})
    void envelopeCodeMapping(int httpStatus, int expected) {
        assertEquals(expected, ErrorCode.envelopeCode(httpStatus));
    }

    @ParameterizedTest
    @EnumSource(ErrorCode.class)
    void everyCodeMapsToOneOfTheFourEnvelopeCodes(ErrorCode code) {
        assertTrue(Set.of(400, 401, 404, 500).contains(ErrorCode.envelopeCode(code.status())), code.name());
    }
}
