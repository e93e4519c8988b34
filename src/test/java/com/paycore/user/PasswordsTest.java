package com.paycore.user;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Base64;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullSource;
import org.junit.jupiter.params.provider.ValueSource;

class PasswordsTest {

    private static final Passwords PASSWORDS = new Passwords(1000);

    @Test
    void roundTrip() {
        String stored = PASSWORDS.hash("correct horse".toCharArray());
        assertTrue(Passwords.verify("correct horse".toCharArray(), stored));
    }

    @Test
    void wrongPasswordIsRefused() {
        String stored = PASSWORDS.hash("correct horse".toCharArray());
        assertFalse(Passwords.verify("correct horsE".toCharArray(), stored));
        assertFalse(Passwords.verify("".toCharArray(), stored));
    }

    @Test
    void samePasswordHashesDifferently() {
        String a = PASSWORDS.hash("secret".toCharArray());
        String b = PASSWORDS.hash("secret".toCharArray());
        assertNotEquals(a, b);
        assertNotEquals(a.split(":")[2], b.split(":")[2], "salts differ");
        assertTrue(Passwords.verify("secret".toCharArray(), a));
        assertTrue(Passwords.verify("secret".toCharArray(), b));
    }

    @Test
    void storedFormat() {
        String stored = new Passwords(1234).hash("pw".toCharArray());
        String[] parts = stored.split(":", -1);
        assertEquals(4, parts.length, stored);
        assertEquals("PBKDF2WithHmacSHA512", parts[0]);
        assertEquals("1234", parts[1]);
        assertEquals(32, Base64.getDecoder().decode(parts[2]).length);
        assertEquals(64, Base64.getDecoder().decode(parts[3]).length);
    }

    @Test
    void iterationCountIsReadFromTheStoredValue() {
        String stored = new Passwords(2000).hash("pw".toCharArray());
        assertTrue(Passwords.verify("pw".toCharArray(), stored));
        assertFalse(Passwords.verify("pw".toCharArray(), stored.replace(":2000:", ":2001:")));
    }

    @Test
    void hashOfAnEmptyPasswordStillVerifies() {
        String stored = PASSWORDS.hash(new char[0]);
        assertTrue(Passwords.verify(new char[0], stored));
        assertFalse(Passwords.verify("x".toCharArray(), stored));
    }

    @Test
    void otherAlgorithmNameIsRefusedEvenWithTheRightPasswordAndHash() {
        String stored = PASSWORDS.hash("pw".toCharArray());
        assertTrue(Passwords.verify("pw".toCharArray(), stored));
        assertFalse(Passwords.verify("pw".toCharArray(), stored.replace("PBKDF2WithHmacSHA512:", "PBKDF2WithHmacSHA256:")));
        assertFalse(Passwords.verify("pw".toCharArray(), stored.replace("PBKDF2WithHmacSHA512:", "pbkdf2withhmacsha512:")));
        assertFalse(Passwords.verify("pw".toCharArray(), stored.replace("PBKDF2WithHmacSHA512:", ":")));
    }

    @ParameterizedTest
    @NullSource
    @ValueSource(strings = {
            "",
            "garbage",
            "PBKDF2WithHmacSHA256:1000:AAAA:AAAA",
            "pbkdf2withhmacsha512:1000:AAAA:AAAA",
            "PBKDF2WithHmacSHA512:1000:AAAA",
            "PBKDF2WithHmacSHA512:1000:AAAA:AAAA:AAAA",
            "PBKDF2WithHmacSHA512:many:AAAA:AAAA",
            "PBKDF2WithHmacSHA512:1000:!!not base64!!:AAAA",
            "PBKDF2WithHmacSHA512:1000:AAAA:!!not base64!!",
            "PBKDF2WithHmacSHA512:0:AAAA:AAAA",
            "PBKDF2WithHmacSHA512:-5:AAAA:AAAA",
            "PBKDF2WithHmacSHA512:1000::AAAA",
            "PBKDF2WithHmacSHA512:1000:AAAA:",
            "PBKDF2WithHmacSHA512:1000:AAAA:AAAA",
    })
    void malformedStoredValueIsRefusedWithoutThrowing(String stored) {
        boolean result = assertDoesNotThrow(() -> Passwords.verify("pw".toCharArray(), stored));
        assertFalse(result);
    }

    @Test
    void fewerThan1000IterationsAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> new Passwords(999));
        assertThrows(IllegalArgumentException.class, () -> new Passwords(0));
        assertThrows(IllegalArgumentException.class, () -> new Passwords(-1));
        assertDoesNotThrow(() -> new Passwords(1000));
    }
}
