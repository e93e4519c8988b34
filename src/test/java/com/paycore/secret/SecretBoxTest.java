package com.paycore.secret;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Base64;

import org.junit.jupiter.api.Test;

class SecretBoxTest {

    private static byte[] key() {
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        return key;
    }

    @Test
    void roundTripsAndUsesAFreshNonceEachTime() {
        SecretBox box = new SecretBox(key());
        String a = box.encrypt("merchant-secret", "p:1");
        String b = box.encrypt("merchant-secret", "p:1");
        assertNotEquals(a, b);
        assertEquals("merchant-secret", box.decryptString(a, "p:1"));
        assertTrue(a.startsWith("v1."));
        assertTrue(!a.contains("merchant-secret"));
    }

    @Test
    void aCiphertextMovedToAnotherPurposeDoesNotDecrypt() {
        SecretBox box = new SecretBox(key());
        String sealed = box.encrypt("value", "api-key:A");
        assertThrows(IllegalStateException.class, () -> box.decrypt(sealed, "api-key:B"));
    }

    @Test
    void tamperingIsDetected() {
        SecretBox box = new SecretBox(key());
        String sealed = box.encrypt("value", "x");
        String[] parts = sealed.split("\\.", 3);
        byte[] body = Base64.getDecoder().decode(parts[2]);
        body[body.length - 1] ^= 1;
        String tampered = parts[0] + "." + parts[1] + "." + Base64.getEncoder().encodeToString(body);
        assertThrows(IllegalStateException.class, () -> box.decrypt(tampered, "x"));
    }

    @Test
    void previousMasterKeysStillDecryptAfterRotation() {
        byte[] old = key();
        String sealed = new SecretBox(old).encrypt("kept", "x");
        SecretBox rotated = new SecretBox(key(), old);
        assertArrayEquals("kept".getBytes(StandardCharsets.UTF_8), rotated.decrypt(sealed, "x"));
        assertThrows(IllegalStateException.class, () -> new SecretBox(key()).decrypt(sealed, "x"));
    }

    @Test
    void rewrapMovesAValueOntoTheCurrentKeySoThePreviousOneCanGo() {
        byte[] old = key();
        byte[] current = key();
        String sealed = new SecretBox(old).encrypt("kept", "x");
        SecretBox rotating = new SecretBox(current, old);
        assertTrue(rotating.knows(sealed));
        String moved = rotating.rewrap(sealed, "x");
        assertEquals(rotating.currentKeyId(), SecretBox.keyIdOf(moved));
        assertSame(moved, rotating.rewrap(moved, "x"));
        assertArrayEquals("kept".getBytes(StandardCharsets.UTF_8), new SecretBox(current).decrypt(moved, "x"));
        assertFalse(new SecretBox(current).knows(sealed));
        assertThrows(IllegalStateException.class, () -> rotating.rewrap(sealed, "another purpose"));
    }

    @Test
    void masterKeysMustBe256BitBase64() {
        assertThrows(IllegalStateException.class, () -> SecretBox.decodeKey("not base64!", "k"));
        assertThrows(IllegalStateException.class, () -> SecretBox.decodeKey(Base64.getEncoder().encodeToString(new byte[16]), "k"));
        assertEquals(32, SecretBox.decodeKey(Base64.getEncoder().encodeToString(new byte[32]), "k").length);
    }
}
