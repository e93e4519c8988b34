package com.paycore.apikey;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.interfaces.RSAPublicKey;
import java.time.Instant;
import java.util.Date;

import org.bouncycastle.bcpg.ArmoredOutputStream;
import org.bouncycastle.bcpg.CompressionAlgorithmTags;
import org.bouncycastle.bcpg.HashAlgorithmTags;
import org.bouncycastle.bcpg.PublicKeyAlgorithmTags;
import org.bouncycastle.bcpg.PublicKeyPacket;
import org.bouncycastle.bcpg.SymmetricKeyAlgorithmTags;
import org.bouncycastle.bcpg.sig.Features;
import org.bouncycastle.bcpg.sig.KeyFlags;
import org.bouncycastle.crypto.AsymmetricCipherKeyPair;
import org.bouncycastle.crypto.params.RSAKeyParameters;
import org.bouncycastle.crypto.params.RSAPrivateCrtKeyParameters;
import org.bouncycastle.openpgp.PGPException;
import org.bouncycastle.openpgp.PGPKeyPair;
import org.bouncycastle.openpgp.PGPKeyRingGenerator;
import org.bouncycastle.openpgp.PGPSignature;
import org.bouncycastle.openpgp.PGPSignatureSubpacketGenerator;
import org.bouncycastle.openpgp.operator.bc.BcPGPContentSignerBuilder;
import org.bouncycastle.openpgp.operator.bc.BcPGPDigestCalculatorProvider;
import org.bouncycastle.openpgp.operator.bc.BcPGPKeyPair;

/**
 * The OpenPGP key ring of a FileContentPGPKey, made by BouncyCastle's lightweight API (no JCA provider is registered or
 * named): a v4 RSA primary key that certifies and signs, one user id with a positive self-certification carrying the
 * algorithm preferences (AES-256, AES-192, AES-128; SHA-256, SHA-512; ZLIB, ZIP) and the modification detection
 * feature, and a v4 RSA subkey flagged for encryption. With these, GnuPG encrypts to the key with AES and an
 * integrity-protected packet without any option. The public ring is ASCII-armored; the secret ring is binary and
 * unprotected because the caller seals it at rest. Both key pairs come from the JDK's generator.
 *
 * <p>Only {@link KeyMaterial}'s OpenPGP branch names this class, so BouncyCastle's classes load with the first
 * FileContentPGPKey made, not at start.
 */
final class OpenPgpKeyRing {

    /** The armored public key ring and the binary secret key ring. */
    record Encoded(String armoredPublicRing, byte[] secretRing) {
    }

    static final int[] SYMMETRIC_PREFERENCES = {SymmetricKeyAlgorithmTags.AES_256, SymmetricKeyAlgorithmTags.AES_192,
            SymmetricKeyAlgorithmTags.AES_128};
    static final int[] HASH_PREFERENCES = {HashAlgorithmTags.SHA256, HashAlgorithmTags.SHA512};
    static final int[] COMPRESSION_PREFERENCES = {CompressionAlgorithmTags.ZLIB, CompressionAlgorithmTags.ZIP};

    private OpenPgpKeyRing() {
    }

    /** The rings of a primary (certify, sign) and an encryption subkey; both pairs are RSA with CRT parameters. */
    static Encoded write(KeyPair primary, KeyPair encryption, String userId, Instant created) {
        Date time = Date.from(created);
        try {
            PGPSignatureSubpacketGenerator certification = new PGPSignatureSubpacketGenerator();
            certification.setSignatureCreationTime(true, time);
            certification.setKeyFlags(true, KeyFlags.CERTIFY_OTHER | KeyFlags.SIGN_DATA);
            certification.setPreferredSymmetricAlgorithms(false, SYMMETRIC_PREFERENCES);
            certification.setPreferredHashAlgorithms(false, HASH_PREFERENCES);
            certification.setPreferredCompressionAlgorithms(false, COMPRESSION_PREFERENCES);
            certification.setFeature(false, Features.FEATURE_MODIFICATION_DETECTION);
            certification.setPrimaryUserID(false, true);
            PGPSignatureSubpacketGenerator binding = new PGPSignatureSubpacketGenerator();
            binding.setSignatureCreationTime(true, time);
            binding.setKeyFlags(true, KeyFlags.ENCRYPT_COMMS | KeyFlags.ENCRYPT_STORAGE);

            PGPKeyRingGenerator rings = new PGPKeyRingGenerator(PGPSignature.POSITIVE_CERTIFICATION,
                    pgpPair(primary, time), userId, new BcPGPDigestCalculatorProvider().get(HashAlgorithmTags.SHA1),
                    certification.generate(), null,
                    new BcPGPContentSignerBuilder(PublicKeyAlgorithmTags.RSA_GENERAL, HashAlgorithmTags.SHA256), null);
            rings.addSubKey(pgpPair(encryption, time), binding.generate(), null);

            ByteArrayOutputStream armored = new ByteArrayOutputStream();
            try (ArmoredOutputStream out = ArmoredOutputStream.builder().clearHeaders().build(armored)) {
                rings.generatePublicKeyRing().encode(out, true);
            }
            return new Encoded(armored.toString(StandardCharsets.US_ASCII), rings.generateSecretKeyRing().getEncoded());
        } catch (PGPException | IOException e) {
            throw new IllegalStateException("OpenPGP key ring generation failed", e);
        }
    }

    private static PGPKeyPair pgpPair(KeyPair pair, Date created) throws PGPException {
        RSAPublicKey publicKey = (RSAPublicKey) pair.getPublic();
        RSAPrivateCrtKey k = (RSAPrivateCrtKey) pair.getPrivate();
        BigInteger n = publicKey.getModulus();
        AsymmetricCipherKeyPair lightweight = new AsymmetricCipherKeyPair(
                new RSAKeyParameters(false, n, publicKey.getPublicExponent()),
                new RSAPrivateCrtKeyParameters(n, k.getPublicExponent(), k.getPrivateExponent(), k.getPrimeP(),
                        k.getPrimeQ(), k.getPrimeExponentP(), k.getPrimeExponentQ(), k.getCrtCoefficient()));
        return new BcPGPKeyPair(PublicKeyPacket.VERSION_4, PublicKeyAlgorithmTags.RSA_GENERAL, lightweight, created);
    }
}
