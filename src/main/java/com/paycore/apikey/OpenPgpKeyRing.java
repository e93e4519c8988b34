package com.paycore.apikey;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.interfaces.RSAPublicKey;
import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;

/**
 * The OpenPGP key ring of a FileContentPGPKey, written with the JDK alone (RFC 4880): a v4 RSA key (algorithm 1),
 * one user id and its positive self-certification (type 0x13, SHA-256, hashed creation time marked critical,
 * unhashed issuer key id). The public ring is ASCII-armored (64-character base64 lines and the CRC-24 line); the
 * secret ring is binary and unprotected (S2K usage 0) because the caller seals it at rest. These are the packets
 * BouncyCastle's key ring generator wrote for these keys (docs/DECISIONS.md: the WAR no longer carries BouncyCastle,
 * whose signed jars every boot verified); OpenPgpKeyRingTest reads them back with BouncyCastle as an independent
 * reader. Every packet has an old-format header (RFC 4880 4.2.1) with a one- or two-octet length.
 */
final class OpenPgpKeyRing {

    /** The armored public key ring (public key, user id, self-signature) and the binary secret key ring. */
    record Encoded(String armoredPublicRing, byte[] secretRing) {
    }

    private static final int VERSION_4 = 4;
    private static final int RSA = 1;
    private static final int SHA_256 = 8;
    private static final int POSITIVE_CERTIFICATION = 0x13;
    private static final int CREATION_TIME_CRITICAL = 0x80 | 2;
    private static final int ISSUER = 16;
    private static final int TAG_SIGNATURE = 2;
    private static final int TAG_SECRET_KEY = 5;
    private static final int TAG_PUBLIC_KEY = 6;
    private static final int TAG_USER_ID = 13;
    private static final int S2K_UNPROTECTED = 0;

    private OpenPgpKeyRing() {
    }

    /** The rings of an RSA key pair whose private key carries its CRT parameters (as the JDK generates it). */
    static Encoded write(KeyPair pair, String userId, Instant created) {
        int time = (int) created.getEpochSecond();
        byte[] publicKey = publicKeyBody((RSAPublicKey) pair.getPublic(), time);
        byte[] userIdPacket = packet(TAG_USER_ID, userId.getBytes(StandardCharsets.UTF_8));
        byte[] signaturePacket = packet(TAG_SIGNATURE,
                selfCertification(publicKey, userId, pair.getPrivate(), time));
        byte[] publicRing = concat(packet(TAG_PUBLIC_KEY, publicKey), userIdPacket, signaturePacket);
        byte[] secretRing = concat(packet(TAG_SECRET_KEY, secretKeyBody(publicKey, (RSAPrivateCrtKey) pair.getPrivate())),
                userIdPacket, signaturePacket);
        return new Encoded(armor(publicRing), secretRing);
    }

    /** Version, creation time, algorithm, MPIs n and e (RFC 4880 5.5.2). */
    private static byte[] publicKeyBody(RSAPublicKey key, int created) {
        Bytes body = new Bytes().u8(VERSION_4).u32(created).u8(RSA);
        return body.mpi(key.getModulus()).mpi(key.getPublicExponent()).array();
    }

    /** The public key body, S2K usage 0, MPIs d, p, q, u (p < q, u = p^-1 mod q), their 16-bit sum (5.5.3). */
    private static byte[] secretKeyBody(byte[] publicKey, RSAPrivateCrtKey key) {
        BigInteger p = key.getPrimeP().min(key.getPrimeQ());
        BigInteger q = key.getPrimeP().max(key.getPrimeQ());
        byte[] mpis = new Bytes().mpi(key.getPrivateExponent()).mpi(p).mpi(q).mpi(p.modInverse(q)).array();
        int checksum = 0;
        for (byte b : mpis) {
            checksum += b & 0xff;
        }
        return new Bytes().raw(publicKey).u8(S2K_UNPROTECTED).raw(mpis).u16(checksum).array();
    }

    /** A v4 signature (5.2.3) of type 0x13 over the key and the user id (5.2.4), made with SHA-256 and RSA. */
    private static byte[] selfCertification(byte[] publicKey, String userId, PrivateKey signer, int created) {
        byte[] creationTime = new Bytes().u8(5).u8(CREATION_TIME_CRITICAL).u32(created).array();
        byte[] hashed = new Bytes().u8(VERSION_4).u8(POSITIVE_CERTIFICATION).u8(RSA).u8(SHA_256)
                .u16(creationTime.length).raw(creationTime).array();
        byte[] uid = userId.getBytes(StandardCharsets.UTF_8);
        byte[] signed = new Bytes().u8(0x99).u16(publicKey.length).raw(publicKey).u8(0xb4).u32(uid.length).raw(uid)
                .raw(hashed).u8(VERSION_4).u8(0xff).u32(hashed.length).array();
        byte[] issuer = new Bytes().u8(9).u8(ISSUER).raw(keyId(publicKey)).array();
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(signed);
            Signature rsa = Signature.getInstance("SHA256withRSA");
            rsa.initSign(signer);
            rsa.update(signed);
            return new Bytes().raw(hashed).u16(issuer.length).raw(issuer).u8(digest[0]).u8(digest[1])
                    .mpi(new BigInteger(1, rsa.sign())).array();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("OpenPGP self-signature failed", e);
        }
    }

    /** SHA-1 over 0x99, the two-octet length and the public key body (12.2). */
    private static byte[] fingerprint(byte[] publicKey) {
        try {
            return MessageDigest.getInstance("SHA-1")
                    .digest(new Bytes().u8(0x99).u16(publicKey.length).raw(publicKey).array());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SHA-1 unavailable", e);
        }
    }

    /** The low 64 bits of the fingerprint. */
    private static byte[] keyId(byte[] publicKey) {
        byte[] fingerprint = fingerprint(publicKey);
        return Arrays.copyOfRange(fingerprint, fingerprint.length - 8, fingerprint.length);
    }

    /** An old-format packet header (4.2.1): length type 0 (one octet) or 1 (two octets). */
    private static byte[] packet(int tag, byte[] body) {
        Bytes header = body.length < 0x100
                ? new Bytes().u8(0x80 | tag << 2).u8(body.length)
                : new Bytes().u8(0x80 | tag << 2 | 1).u16(body.length);
        return header.raw(body).array();
    }

    /** ASCII armor (6.2): BEGIN line, empty header block, base64 in 64-character lines, "=" CRC-24, END line. */
    private static String armor(byte[] publicRing) {
        Base64.Encoder base64 = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII));
        int crc = crc24(publicRing);
        byte[] crcBytes = {(byte) (crc >> 16), (byte) (crc >> 8), (byte) crc};
        return "-----BEGIN PGP PUBLIC KEY BLOCK-----\n\n" + base64.encodeToString(publicRing) + "\n="
                + Base64.getEncoder().encodeToString(crcBytes) + "\n-----END PGP PUBLIC KEY BLOCK-----\n";
    }

    /** CRC-24 of RFC 4880 6.1: initial value 0xB704CE, generator 0x1864CFB. */
    static int crc24(byte[] data) {
        int crc = 0xB704CE;
        for (byte b : data) {
            crc ^= (b & 0xff) << 16;
            for (int i = 0; i < 8; i++) {
                crc <<= 1;
                if ((crc & 0x1000000) != 0) {
                    crc ^= 0x1864CFB;
                }
            }
        }
        return crc & 0xFFFFFF;
    }

    private static byte[] concat(byte[]... parts) {
        Bytes all = new Bytes();
        for (byte[] part : parts) {
            all.raw(part);
        }
        return all.array();
    }

    /** Big-endian octets and MPIs (3.2: a two-octet bit count, then the magnitude without leading zero octets). */
    private static final class Bytes {
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();

        Bytes u8(int value) {
            out.write(value);
            return this;
        }

        Bytes u16(int value) {
            return u8(value >> 8).u8(value);
        }

        Bytes u32(int value) {
            return u16(value >> 16).u16(value);
        }

        Bytes raw(byte[] bytes) {
            out.writeBytes(bytes);
            return this;
        }

        Bytes mpi(BigInteger value) {
            byte[] magnitude = value.toByteArray();
            int skip = magnitude[0] == 0 ? 1 : 0;
            return u16(value.bitLength()).raw(Arrays.copyOfRange(magnitude, skip, magnitude.length));
        }

        byte[] array() {
            return out.toByteArray();
        }
    }
}
