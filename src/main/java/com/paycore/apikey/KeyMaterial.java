package com.paycore.apikey;

import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.time.Instant;

import com.paycore.platform.runtime.Randomness;
import com.paycore.secret.Pem;
import com.paycore.secret.Secrets;

/**
 * Makes a key's secret value and its key pair: RSA-2048 for TransactionRSAKey (public key as a PEM
 * SubjectPublicKeyInfo, private key as PKCS#8), an OpenPGP key ring for FileContentPGPKey written by
 * {@link OpenPgpKeyRing} (RSA-2048 primary key and encryption subkey; ASCII-armored public key ring; the secret key
 * ring, unprotected here, is encrypted at rest by the caller).
 */
final class KeyMaterial {

    /** The secret value, the public half for listing, the private half (binary) to encrypt at rest. */
    record Generated(String value, String publicKey, byte[] privateKey) {
    }

    private KeyMaterial() {
    }

    /** 256 random bits, URL-safe, with a prefix that makes leaked keys easy to spot in scanners. */
    static String newValue() {
        return "pk_" + Secrets.newToken();
    }

    static String mask(String value) {
        return "****" + value.substring(value.length() - 4);
    }

    static Generated generate(KeyType type, String identity) {
        return type == KeyType.TransactionRSAKey ? rsa() : pgp(identity);
    }

    private static Generated rsa() {
        KeyPair pair = rsaKeyPair();
        return new Generated(newValue(), Pem.encode("PUBLIC KEY", pair.getPublic().getEncoded()), pair.getPrivate().getEncoded());
    }

    private static Generated pgp(String identity) {
        OpenPgpKeyRing.Encoded rings = OpenPgpKeyRing.write(rsaKeyPair(), rsaKeyPair(), identity, Instant.now());
        return new Generated(newValue(), rings.armoredPublicRing(), rings.secretRing());
    }

    private static KeyPair rsaKeyPair() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048, Randomness.generator());
            return generator.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("RSA key generation failed", e);
        }
    }
}
