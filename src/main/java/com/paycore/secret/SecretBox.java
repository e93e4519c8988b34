package com.paycore.secret;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.logging.Logger;

import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

import com.paycore.platform.data.DatabaseConfigSource;
import com.paycore.platform.runtime.Randomness;
import com.paycore.platform.runtime.Settings;

/**
 * Secrets at rest under the master key (KEK): AES-256-GCM with a fresh 96-bit nonce per value, the row's purpose as
 * associated data (a ciphertext copied to another row does not decrypt), and the master key's id in the stored
 * form {@code v1.<keyId>.<base64(nonce|ciphertext)>}, so the master key can rotate: the current key encrypts,
 * {@code payments.crypto.previous-master-keys} (comma-separated base64) still decrypt, and {@link #rewrap} moves a
 * value onto the current key (at startup, {@link MasterKeyStartup}), after which an old key can be retired.
 * The lookup key of keyed hashes is not derived from the master key but wrapped by it ({@link LookupKey}).
 */
public final class SecretBox {

    private static final Logger LOG = Logger.getLogger(SecretBox.class.getName());

    /** The master key cannot be had: misconfigured (a bad value) or missing (its file cannot be read or made). */
    public static final class MasterKeyUnavailable extends IllegalStateException {
        private final boolean misconfigured;

        public MasterKeyUnavailable(String message, boolean misconfigured, Throwable cause) {
            super(message, cause);
            this.misconfigured = misconfigured;
        }

        public boolean misconfigured() {
            return misconfigured;
        }
    }
    public static final String MASTER_KEY_SETTING = "PAYMENTS_CRYPTO_MASTER_KEY";
    public static final String PREVIOUS_KEYS_SETTING = "PAYMENTS_CRYPTO_PREVIOUS_MASTER_KEYS";
    private static final int NONCE_BYTES = 12;
    private static volatile SecretBox instance;

    private final String currentId;
    private final Map<String, byte[]> keys;

    public SecretBox(byte[] current, byte[]... previous) {
        Map<String, byte[]> all = new LinkedHashMap<>();
        this.currentId = keyId(current);
        all.put(currentId, current);
        for (byte[] key : previous) {
            all.put(keyId(key), key);
        }
        this.keys = all;
    }

    /** The process-wide box over the configured (or generated) master key. */
    public static SecretBox get() {
        SecretBox box = instance;
        if (box == null) {
            synchronized (SecretBox.class) {
                if (instance == null) {
                    instance = load();
                }
                box = instance;
            }
        }
        return box;
    }

    public String encrypt(byte[] plaintext, String purpose) {
        byte[] nonce = new byte[NONCE_BYTES];
        Randomness.fill(nonce);
        try {
            Cipher gcm = Cipher.getInstance("AES/GCM/NoPadding");
            gcm.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(keys.get(currentId), "AES"), new GCMParameterSpec(128, nonce));
            gcm.updateAAD(purpose.getBytes(StandardCharsets.UTF_8));
            byte[] sealed = gcm.doFinal(plaintext);
            byte[] out = ByteBuffer.allocate(nonce.length + sealed.length).put(nonce).put(sealed).array();
            return "v1." + currentId + "." + Base64.getEncoder().encodeToString(out);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("encryption failed", e);
        }
    }

    public String encrypt(String plaintext, String purpose) {
        return encrypt(plaintext.getBytes(StandardCharsets.UTF_8), purpose);
    }

    public byte[] decrypt(String stored, String purpose) {
        String[] parts = stored.split("\\.", 3);
        if (parts.length != 3 || !"v1".equals(parts[0]) || !keys.containsKey(parts[1])) {
            throw new IllegalStateException("ciphertext of an unknown format or master key (" + MASTER_KEY_SETTING
                    + ", " + PREVIOUS_KEYS_SETTING + ")");
        }
        byte[] in = Base64.getDecoder().decode(parts[2]);
        try {
            Cipher gcm = Cipher.getInstance("AES/GCM/NoPadding");
            gcm.init(Cipher.DECRYPT_MODE, new SecretKeySpec(keys.get(parts[1]), "AES"),
                    new GCMParameterSpec(128, in, 0, NONCE_BYTES));
            gcm.updateAAD(purpose.getBytes(StandardCharsets.UTF_8));
            return gcm.doFinal(in, NONCE_BYTES, in.length - NONCE_BYTES);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("decryption failed (wrong key or purpose, or tampered value)");
        }
    }

    public String decryptString(String stored, String purpose) {
        return new String(decrypt(stored, purpose), StandardCharsets.UTF_8);
    }

    /** The id of the master key new values are sealed under. */
    public String currentKeyId() {
        return currentId;
    }

    /** The master-key id a stored value names ({@code v1.<keyId>.<...>}); null for anything else. */
    public static String keyIdOf(String stored) {
        String[] parts = stored.split("\\.", 3);
        return parts.length == 3 && "v1".equals(parts[0]) ? parts[1] : null;
    }

    /** True when one of the configured master keys (current or previous) can open the value. */
    public boolean knows(String stored) {
        String id = keyIdOf(stored);
        return id != null && keys.containsKey(id);
    }

    /**
     * The value sealed again under the current master key, or the same value when it already is. Opening it proves
     * the previous key and purpose are right before anything is replaced.
     */
    public String rewrap(String stored, String purpose) {
        return currentId.equals(keyIdOf(stored)) ? stored : encrypt(decrypt(stored, purpose), purpose);
    }

    /**
     * The lookup key of releases before the lookup key was stored: derived from the master key of the day. A database
     * that already holds API keys or card fingerprints adopts it once, so their hashes stay valid ({@link LookupKey}).
     */
    byte[] legacyLookupKey() {
        return hmac(keys.get(currentId), "payments/lookup/v1".getBytes(StandardCharsets.US_ASCII));
    }

    /**
     * One HMAC-SHA-256 engine per thread: {@code Mac.getInstance} walks the security providers on every call, a
     * measurable share of every /api/pay request (docs/PERFORMANCE.md); {@code init} with the call's key resets it.
     */
    private static final ThreadLocal<Mac> HMAC = ThreadLocal.withInitial(() -> {
        try {
            return Mac.getInstance("HmacSHA256");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    });

    /**
     * A new HMAC-SHA-256 engine under {@code key}, for input that arrives in pieces (a streamed body); its
     * {@code doFinal} equals {@link #hmac} over the pieces joined. Its own instance: the per-thread one serves other
     * hashes between the pieces.
     */
    public static Mac hmacEngine(byte[] key) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return mac;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** HMAC-SHA-256: the one implementation of the service's keyed hashes. */
    public static byte[] hmac(byte[] key, byte[] data) {
        try {
            Mac mac = HMAC.get();
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return mac.doFinal(data);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    static String keyId(byte[] key) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(key);
            return HexFormat.of().formatHex(digest, 0, 4);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static SecretBox load() {
        String configured = Settings.get("payments.crypto.master-key");
        byte[] current = configured != null ? decodeKey(configured, MASTER_KEY_SETTING) : generatedKey();
        String previous = Settings.get("payments.crypto.previous-master-keys");
        byte[][] old = previous == null ? new byte[0][]
                : Arrays.stream(previous.split(",")).map(String::trim).filter(s -> !s.isEmpty())
                        .map(s -> decodeKey(s, PREVIOUS_KEYS_SETTING)).toArray(byte[][]::new);
        return new SecretBox(current, old);
    }

    static byte[] decodeKey(String base64, String setting) {
        byte[] key;
        try {
            key = Base64.getDecoder().decode(base64.trim());
        } catch (IllegalArgumentException e) {
            throw new MasterKeyUnavailable(setting + " is not base64", true, null);
        }
        if (key.length != 32) {
            throw new MasterKeyUnavailable(setting + " must be 32 bytes (base64 of 256 bits)", true, null);
        }
        return key;
    }

    private static byte[] generatedKey() {
        Path file = DatabaseConfigSource.DataDirectory.resolve().resolve("master.key");
        try {
            if (!Files.exists(file)) {
                byte[] key = new byte[32];
                Randomness.fill(key);
                SecretFiles.createOnce(file, Base64.getEncoder().encodeToString(key));
            }
            LOG.warning("**** No payments.crypto.master-key configured: using the generated key in " + file
                    + ". Anyone with this file can decrypt stored secrets. Production must set "
                    + "PAYMENTS_CRYPTO_MASTER_KEY from a secret store and keep it backed up. ****");
            return decodeKey(Files.readString(file), file.toString());
        } catch (IOException e) {
            throw new MasterKeyUnavailable("cannot read or create the master key file", false, e);
        }
    }
}
