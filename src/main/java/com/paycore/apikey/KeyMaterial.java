package com.paycore.apikey;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.util.Date;

import org.bouncycastle.bcpg.ArmoredOutputStream;
import org.bouncycastle.bcpg.HashAlgorithmTags;
import org.bouncycastle.bcpg.PublicKeyAlgorithmTags;
import org.bouncycastle.crypto.generators.RSAKeyPairGenerator;
import org.bouncycastle.crypto.params.RSAKeyGenerationParameters;
import org.bouncycastle.openpgp.PGPException;
import org.bouncycastle.openpgp.PGPKeyPair;
import org.bouncycastle.openpgp.PGPKeyRingGenerator;
import org.bouncycastle.openpgp.PGPSignature;
import org.bouncycastle.openpgp.operator.PGPDigestCalculator;
import org.bouncycastle.openpgp.operator.bc.BcPGPContentSignerBuilder;
import org.bouncycastle.openpgp.operator.bc.BcPGPDigestCalculatorProvider;
import org.bouncycastle.openpgp.operator.bc.BcPGPKeyPair;

import com.paycore.secret.Pem;
import com.paycore.secret.Secrets;

/**
 * Makes a key's secret value and its key pair: RSA-2048 for TransactionRSAKey (public key as a PEM
 * SubjectPublicKeyInfo, private key as PKCS#8), an OpenPGP RSA-2048 key ring for FileContentPGPKey (ASCII-armored
 * public key ring; the secret key ring, unprotected here, is encrypted at rest by the caller).
 */
final class KeyMaterial {

    private static final SecureRandom RANDOM = new SecureRandom();

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
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048, RANDOM);
            KeyPair pair = generator.generateKeyPair();
            return new Generated(newValue(), Pem.encode("PUBLIC KEY", pair.getPublic().getEncoded()), pair.getPrivate().getEncoded());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("RSA key generation failed", e);
        }
    }

    private static Generated pgp(String identity) {
        try {
            RSAKeyPairGenerator generator = new RSAKeyPairGenerator();
            generator.init(new RSAKeyGenerationParameters(BigInteger.valueOf(0x10001), RANDOM, 2048, 12));
            PGPKeyPair pair = new BcPGPKeyPair(PublicKeyAlgorithmTags.RSA_GENERAL, generator.generateKeyPair(), new Date());
            PGPDigestCalculator sha1 = new BcPGPDigestCalculatorProvider().get(HashAlgorithmTags.SHA1);
            PGPKeyRingGenerator rings = new PGPKeyRingGenerator(PGPSignature.POSITIVE_CERTIFICATION, pair, identity, sha1,
                    null, null, new BcPGPContentSignerBuilder(PublicKeyAlgorithmTags.RSA_GENERAL, HashAlgorithmTags.SHA256),
                    null);
            ByteArrayOutputStream armored = new ByteArrayOutputStream();
            try (ArmoredOutputStream out = new ArmoredOutputStream(armored)) {
                rings.generatePublicKeyRing().encode(out);
            }
            return new Generated(newValue(), armored.toString(StandardCharsets.US_ASCII),
                    rings.generateSecretKeyRing().getEncoded());
        } catch (PGPException | IOException e) {
            throw new IllegalStateException("OpenPGP key generation failed", e);
        }
    }

}
