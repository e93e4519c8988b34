package com.paycore.secret;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HexFormat;

import com.paycore.platform.runtime.Randomness;

/** High-entropy opaque tokens (refresh tokens, invitation tokens) and the digests they are stored as. */
public final class Secrets {

    private Secrets() {
    }

    /** 256 random bits, URL-safe. */
    public static String newToken() {
        byte[] bytes = new byte[32];
        Randomness.fill(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** SHA-256 hex: enough for values with 256 bits of entropy, which no dictionary can guess. */
    public static String digest(String token) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Compares two digests without leaking where they differ. */
    public static boolean sameDigest(String a, String b) {
        return a != null && b != null && MessageDigest.isEqual(a.getBytes(StandardCharsets.US_ASCII), b.getBytes(StandardCharsets.US_ASCII));
    }
}
