package com.paycore.keystore;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import java.util.UUID;

import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

import com.paycore.platform.runtime.Randomness;

/**
 * Card data under a keystore's data key: AES-256-GCM, a fresh 96-bit nonce per value, the owning row's identity as
 * associated data. Stored as base64(nonce|ciphertext); the keystore id sits in its own column.
 */
public record CardCipher(UUID keystoreId, byte[] dataKey) {

    public String seal(String plaintext, String aad) {
        return sealer().seal(plaintext, aad);
    }

    /** A sealer for many values in a row (a card file's chunk): one cipher object, one key schedule; one thread. */
    public Sealer sealer() {
        try {
            return new Sealer(keystoreId, Cipher.getInstance("AES/GCM/NoPadding"), new SecretKeySpec(dataKey, "AES"));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("card encryption is unavailable", e);
        }
    }

    /** Seals values under this cipher's key, each with a fresh nonce. */
    public static final class Sealer {
        private final UUID keystoreId;
        private final Cipher gcm;
        private final SecretKeySpec key;

        private Sealer(UUID keystoreId, Cipher gcm, SecretKeySpec key) {
            this.keystoreId = keystoreId;
            this.gcm = gcm;
            this.key = key;
        }

        /** The keystore whose key seals. */
        public UUID keystoreId() {
            return keystoreId;
        }

        public String seal(String plaintext, String aad) {
            byte[] nonce = new byte[12];
            Randomness.fill(nonce);
            try {
                gcm.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(128, nonce));
                gcm.updateAAD(aad.getBytes(StandardCharsets.UTF_8));
                byte[] sealed = gcm.doFinal(plaintext.getBytes(StandardCharsets.UTF_8));
                return Base64.getEncoder().encodeToString(ByteBuffer.allocate(12 + sealed.length).put(nonce).put(sealed).array());
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("card encryption failed", e);
            }
        }
    }

    public String open(String stored, String aad) {
        byte[] in = Base64.getDecoder().decode(stored);
        try {
            Cipher gcm = Cipher.getInstance("AES/GCM/NoPadding");
            gcm.init(Cipher.DECRYPT_MODE, new SecretKeySpec(dataKey, "AES"), new GCMParameterSpec(128, in, 0, 12));
            gcm.updateAAD(aad.getBytes(StandardCharsets.UTF_8));
            return new String(gcm.doFinal(in, 12, in.length - 12), StandardCharsets.UTF_8);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("card decryption failed (wrong keystore or tampered value)");
        }
    }

    @Override
    public String toString() {
        return "CardCipher[keystoreId=" + keystoreId + "]";
    }
}
