package com.paycore.user;

import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Base64;

import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

import com.paycore.platform.runtime.Randomness;

/**
 * Slow salted password hashes: PBKDF2-HMAC-SHA512 from the JDK, stored as
 * {@code PBKDF2WithHmacSHA512:iterations:salt:hash} (the format of Jakarta Security's Pbkdf2PasswordHash),
 * so the iteration count can grow without invalidating stored hashes.
 */
final class Passwords {

    public static final String ALGORITHM = "PBKDF2WithHmacSHA512";
    private static final int SALT_BYTES = 32;
    private static final int HASH_BITS = 512;

    private final int iterations;

    public Passwords(int iterations) {
        if (iterations < 1000) {
            throw new IllegalArgumentException("at least 1000 PBKDF2 iterations");
        }
        this.iterations = iterations;
    }

    public String hash(char[] password) {
        byte[] salt = new byte[SALT_BYTES];
        Randomness.fill(salt);
        byte[] hash = pbkdf2(password, salt, iterations);
        Base64.Encoder b64 = Base64.getEncoder();
        return ALGORITHM + ":" + iterations + ":" + b64.encodeToString(salt) + ":" + b64.encodeToString(hash);
    }

    /** Whether a stored value is a hash {@link #verify} can check (a user created without a password has none). */
    public static boolean wellFormed(String stored) {
        if (stored == null) {
            return false;
        }
        String[] parts = stored.split(":");
        try {
            return parts.length == 4 && ALGORITHM.equals(parts[0]) && Integer.parseInt(parts[1]) > 0
                    && Base64.getDecoder().decode(parts[2]).length > 0 && Base64.getDecoder().decode(parts[3]).length > 0;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** Constant-time comparison; false for a malformed or missing stored hash. */
    public static boolean verify(char[] password, String stored) {
        if (stored == null) {
            return false;
        }
        String[] parts = stored.split(":");
        if (parts.length != 4 || !ALGORITHM.equals(parts[0])) {
            return false;
        }
        try {
            int iterations = Integer.parseInt(parts[1]);
            byte[] salt = Base64.getDecoder().decode(parts[2]);
            byte[] expected = Base64.getDecoder().decode(parts[3]);
            return MessageDigest.isEqual(expected, pbkdf2(password, salt, iterations));
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static byte[] pbkdf2(char[] password, byte[] salt, int iterations) {
        PBEKeySpec spec = new PBEKeySpec(password, salt, iterations, HASH_BITS);
        try {
            return SecretKeyFactory.getInstance(ALGORITHM).generateSecret(spec).getEncoded();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("PBKDF2 is not available", e);
        } finally {
            spec.clearPassword();
        }
    }
}
