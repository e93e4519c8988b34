package com.paycore.auth;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.RSAPublicKeySpec;
import java.util.Arrays;
import java.util.Base64;
import java.util.logging.Logger;

import com.paycore.platform.data.DatabaseConfigSource;
import com.paycore.platform.runtime.Settings;
import com.paycore.secret.Pem;
import com.paycore.secret.SecretFiles;

/**
 * The RSA key that signs access tokens: read from {@code payments.jwt.signing-key} (a PKCS#8 PEM file) or,
 * when unset, generated once into {@code <data dir>/jwt-signing-key.pem} (mode 0600). Several instances
 * must share the same key file to accept each other's tokens.
 */
final class SigningKeys {

    private static final Logger LOG = Logger.getLogger(SigningKeys.class.getName());
    private static volatile KeyPair keyPair;

    private SigningKeys() {
    }

    public static KeyPair get() {
        KeyPair pair = keyPair;
        if (pair == null) {
            synchronized (SigningKeys.class) {
                if (keyPair == null) {
                    keyPair = load();
                }
                pair = keyPair;
            }
        }
        return pair;
    }

    public static String publicKeyPem() {
        return Pem.encode("PUBLIC KEY", get().getPublic().getEncoded());
    }

    /** Stable key id: the first bytes of the public key's SHA-256, so rotations change it. */
    public static String keyId() {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(get().getPublic().getEncoded());
            return Base64.getUrlEncoder().withoutPadding().encodeToString(Arrays.copyOf(digest, 12));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static KeyPair load() {
        String configured = Settings.get("payments.jwt.signing-key");
        Path file = configured != null ? Path.of(configured.replaceFirst("^file:(//)?", ""))
                : DatabaseConfigSource.DataDirectory.resolve().resolve("jwt-signing-key.pem");
        try {
            if (!Files.exists(file)) {
                if (configured != null) {
                    throw new IllegalStateException("payments.jwt.signing-key names a missing file");
                }
                generate(file);
            }
            return read(file);
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException("Cannot read or create the token signing key", e);
        }
    }

    private static void generate(Path file) throws IOException, GeneralSecurityException {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        KeyPair pair = generator.generateKeyPair();
        if (!SecretFiles.createOnce(file, Pem.encode("PRIVATE KEY", pair.getPrivate().getEncoded()))) {
            return; // another instance made it first: use theirs
        }
        LOG.warning("Generated a token signing key in " + file + ". Set payments.jwt.signing-key in production "
                + "and share it between instances.");
    }

    private static KeyPair read(Path file) throws IOException, GeneralSecurityException {
        KeyFactory factory = KeyFactory.getInstance("RSA");
        var privateKey = (RSAPrivateCrtKey) factory.generatePrivate(
                new PKCS8EncodedKeySpec(Pem.decode(Files.readString(file, StandardCharsets.US_ASCII))));
        var publicKey = (RSAPublicKey) factory.generatePublic(
                new RSAPublicKeySpec(privateKey.getModulus(), privateKey.getPublicExponent()));
        return new KeyPair(publicKey, privateKey);
    }

}
