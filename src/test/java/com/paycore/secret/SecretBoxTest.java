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
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;

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

    /** RFC 4231 test cases 1 and 2, alternated on one thread and run on others: the per-thread engine keeps no key. */
    @Test
    void hmacIsRfc4231sSha256WhateverKeyTheThreadUsedBefore() throws Exception {
        byte[] key1 = new byte[20];
        Arrays.fill(key1, (byte) 0x0b);
        byte[] data1 = "Hi There".getBytes(StandardCharsets.US_ASCII);
        String mac1 = "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7";
        byte[] key2 = "Jefe".getBytes(StandardCharsets.US_ASCII);
        byte[] data2 = "what do ya want for nothing?".getBytes(StandardCharsets.US_ASCII);
        String mac2 = "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843";
        HexFormat hex = HexFormat.of();
        for (int i = 0; i < 3; i++) {
            assertEquals(mac1, hex.formatHex(SecretBox.hmac(key1, data1)));
            assertEquals(mac2, hex.formatHex(SecretBox.hmac(key2, data2)));
        }
        String[] onOtherThread = new String[1];
        Thread other = new Thread(() -> onOtherThread[0] = hex.formatHex(SecretBox.hmac(key2, data2)));
        other.start();
        other.join();
        assertEquals(mac2, onOtherThread[0]);
    }
}
