package com.paycore.apikey;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.interfaces.RSAPublicKey;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.Date;
import java.util.List;

import org.bouncycastle.bcpg.ArmoredInputStream;
import org.bouncycastle.bcpg.HashAlgorithmTags;
import org.bouncycastle.bcpg.PublicKeyAlgorithmTags;
import org.bouncycastle.bcpg.SignatureSubpacketTags;
import org.bouncycastle.openpgp.PGPKeyRingGenerator;
import org.bouncycastle.openpgp.PGPPrivateKey;
import org.bouncycastle.openpgp.PGPPublicKey;
import org.bouncycastle.openpgp.PGPPublicKeyRing;
import org.bouncycastle.openpgp.PGPSecretKeyRing;
import org.bouncycastle.openpgp.PGPSignature;
import org.bouncycastle.openpgp.PGPSignatureGenerator;
import org.bouncycastle.openpgp.PGPSignatureSubpacketGenerator;
import org.bouncycastle.openpgp.PGPUtil;
import org.bouncycastle.openpgp.operator.bc.BcKeyFingerprintCalculator;
import org.bouncycastle.openpgp.operator.bc.BcPGPContentSignerBuilder;
import org.bouncycastle.openpgp.operator.bc.BcPGPContentVerifierBuilderProvider;
import org.bouncycastle.openpgp.operator.bc.BcPGPDigestCalculatorProvider;
import org.bouncycastle.openpgp.operator.jcajce.JcaPGPKeyPair;
import org.junit.jupiter.api.Test;

/** The JDK-only key ring writer, read back with BouncyCastle (test scope) and by hand, packet by packet. */
class OpenPgpKeyRingTest {

    private static final String USER_ID = "project-7 <ops@example.com>";
    private static final Instant CREATED = Instant.parse("2026-11-26T12:00:00Z");

    @Test
    void thePublicRingParsesWithBouncyCastleAndCarriesTheKeyAndUserId() throws Exception {
        KeyPair pair = rsa();
        PGPPublicKeyRing ring = publicRing(OpenPgpKeyRing.write(pair, USER_ID, CREATED));
        PGPPublicKey key = ring.getPublicKey();
        assertEquals(4, key.getVersion());
        assertEquals(PublicKeyAlgorithmTags.RSA_GENERAL, key.getAlgorithm());
        assertEquals(2048, key.getBitStrength());
        assertEquals(Date.from(CREATED), key.getCreationTime());
        assertEquals(USER_ID, key.getUserIDs().next());
        assertEquals(((RSAPublicKey) pair.getPublic()).getModulus(), modulus(key));
    }

    @Test
    void theArmorHasItsLinesAndARightCrc24() throws Exception {
        String armored = OpenPgpKeyRing.write(rsa(), USER_ID, CREATED).armoredPublicRing();
        List<String> lines = List.of(armored.split("\n"));
        assertEquals("-----BEGIN PGP PUBLIC KEY BLOCK-----", lines.get(0));
        assertEquals("", lines.get(1));
        assertEquals("-----END PGP PUBLIC KEY BLOCK-----", lines.get(lines.size() - 1));
        assertTrue(lines.subList(2, lines.size() - 2).stream().allMatch(l -> l.length() <= 64 && !l.isEmpty()));
        String crcLine = lines.get(lines.size() - 2);
        byte[] data = Base64.getDecoder().decode(String.join("", lines.subList(2, lines.size() - 2)));
        assertEquals(crc24Reference(data), new BigInteger(1, Base64.getDecoder().decode(crcLine.substring(1))).intValue());
        assertEquals(0x21CF02, OpenPgpKeyRing.crc24("123456789".getBytes(StandardCharsets.US_ASCII)), "CRC-24/OpenPGP check value");
        assertArrayEquals(data, dearmor(armored));
        String corrupted = armored.replace(crcLine, "=" + (crcLine.startsWith("=AAAA") ? "BBBB" : "AAAA"));
        assertThrows(IOException.class, () -> dearmor(corrupted), "BouncyCastle checks the CRC, so the check above means something");
    }

    @Test
    void theSelfSignatureIsAPositiveSha256CertificationThatVerifiesOverTheUserId() throws Exception {
        PGPPublicKey key = publicRing(OpenPgpKeyRing.write(rsa(), USER_ID, CREATED)).getPublicKey();
        PGPSignature signature = key.getSignaturesForID(USER_ID).next();
        assertEquals(PGPSignature.POSITIVE_CERTIFICATION, signature.getSignatureType());
        assertEquals(HashAlgorithmTags.SHA256, signature.getHashAlgorithm());
        assertEquals(Date.from(CREATED), signature.getCreationTime());
        assertTrue(signature.getHashedSubPackets().getSubpacket(SignatureSubpacketTags.CREATION_TIME).isCritical());
        assertEquals(key.getKeyID(), signature.getUnhashedSubPackets().getIssuerKeyID());
        signature.init(new BcPGPContentVerifierBuilderProvider(), key);
        assertTrue(signature.verifyCertification(USER_ID, key));
        signature.init(new BcPGPContentVerifierBuilderProvider(), key);
        assertFalse(signature.verifyCertification("project-8 <ops@example.com>", key), "a different user id fails");
    }

    @Test
    void theSignatureCarriesTheFirstTwoOctetsOfItsDigest() throws Exception {
        List<Packet> packets = packets(OpenPgpKeyRing.write(rsa(), USER_ID, CREATED).secretRing());
        byte[] publicKey = Arrays.copyOf(packets.get(0).body(), publicKeyLength(packets.get(0).body()));
        byte[] uid = packets.get(1).body();
        ByteBuffer signature = ByteBuffer.wrap(packets.get(2).body());
        int hashedEnd = 6 + (signature.getShort(4) & 0xffff);
        MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
        sha256.update(concat(new byte[] {(byte) 0x99}, u16(publicKey.length), publicKey));
        sha256.update(concat(new byte[] {(byte) 0xb4, 0, 0}, u16(uid.length), uid));
        sha256.update(packets.get(2).body(), 0, hashedEnd);
        sha256.update(concat(new byte[] {4, (byte) 0xff, 0, 0}, u16(hashedEnd)));
        byte[] digest = sha256.digest();
        int prefixAt = hashedEnd + 2 + (signature.getShort(hashedEnd) & 0xffff);
        assertEquals(digest[0], signature.get(prefixAt));
        assertEquals(digest[1], signature.get(prefixAt + 1));
        assertMinimalMpis(signature.position(prefixAt + 2), 1);
    }

    @Test
    void keyIdAndFingerprintAreTheOnesBouncyCastleComputes() throws Exception {
        OpenPgpKeyRing.Encoded rings = OpenPgpKeyRing.write(rsa(), USER_ID, CREATED);
        PGPPublicKey key = publicRing(rings).getPublicKey();
        byte[] body = packets(rings.secretRing()).get(0).body();
        byte[] fingerprint = MessageDigest.getInstance("SHA-1")
                .digest(concat(new byte[] {(byte) 0x99}, u16(publicKeyLength(body)), Arrays.copyOf(body, publicKeyLength(body))));
        assertArrayEquals(fingerprint, key.getFingerprint());
        assertEquals(ByteBuffer.wrap(fingerprint, 12, 8).getLong(), key.getKeyID());
        assertEquals(key.getKeyID(), key.getSignatures().next().getKeyID(), "the issuer subpacket names the key");
        assertEquals(key.getKeyID(), secretRing(rings).getSecretKey().getKeyID());
    }

    @Test
    void theSecretRingsPrivateKeySignsWhatThePublicRingVerifies() throws Exception {
        OpenPgpKeyRing.Encoded rings = OpenPgpKeyRing.write(rsa(), USER_ID, CREATED);
        PGPSecretKeyRing secret = secretRing(rings);
        assertEquals(USER_ID, secret.getPublicKey().getUserIDs().next());
        PGPPrivateKey privateKey = secret.getSecretKey().extractPrivateKey(null);
        byte[] message = "settlement file 2026-11-26".getBytes(StandardCharsets.UTF_8);
        PGPSignatureGenerator signer = new PGPSignatureGenerator(
                new BcPGPContentSignerBuilder(PublicKeyAlgorithmTags.RSA_GENERAL, HashAlgorithmTags.SHA256),
                secret.getPublicKey());
        signer.init(PGPSignature.BINARY_DOCUMENT, privateKey);
        signer.update(message);
        PGPSignature signature = signer.generate();
        signature.init(new BcPGPContentVerifierBuilderProvider(), publicRing(rings).getPublicKey());
        signature.update(message);
        assertTrue(signature.verify());
    }

    @Test
    void theSecretKeyPacketHoldsUnprotectedMinimalMpisWithPBelowQAndItsChecksum() throws Exception {
        KeyPair pair = rsa();
        byte[] body = packets(OpenPgpKeyRing.write(pair, USER_ID, CREATED).secretRing()).get(0).body();
        ByteBuffer in = ByteBuffer.wrap(body).position(6);
        BigInteger n = mpi(in);
        BigInteger e = mpi(in);
        assertEquals(0, in.get(), "S2K usage 0: unprotected");
        int mpisAt = in.position();
        assertMinimalMpis(in.duplicate(), 4);
        BigInteger d = mpi(in);
        BigInteger p = mpi(in);
        BigInteger q = mpi(in);
        BigInteger u = mpi(in);
        int sum = 0;
        for (int i = mpisAt; i < in.position(); i++) {
            sum += body[i] & 0xff;
        }
        assertEquals(sum & 0xffff, in.getShort() & 0xffff, "two-octet checksum");
        assertEquals(body.length, in.position());
        assertEquals(((RSAPublicKey) pair.getPublic()).getModulus(), n);
        assertEquals(BigInteger.valueOf(65537), e);
        assertTrue(p.compareTo(q) < 0, "p < q");
        assertEquals(n, p.multiply(q));
        assertEquals(BigInteger.ONE, u.multiply(p).mod(q), "u = p^-1 mod q");
        assertEquals(BigInteger.ONE, d.multiply(e).mod(p.subtract(BigInteger.ONE)));
        assertMinimalMpis(ByteBuffer.wrap(body).position(6), 2);
    }

    @Test
    void twoGenerationsGiveDifferentKeys() throws Exception {
        KeyMaterial.Generated a = KeyMaterial.generate(KeyType.FileContentPGPKey, USER_ID);
        KeyMaterial.Generated b = KeyMaterial.generate(KeyType.FileContentPGPKey, USER_ID);
        PGPPublicKey keyA = publicRing(a.publicKey()).getPublicKey();
        PGPPublicKey keyB = publicRing(b.publicKey()).getPublicKey();
        assertNotEquals(keyA.getKeyID(), keyB.getKeyID());
        assertNotEquals(modulus(keyA), modulus(keyB));
        assertFalse(Arrays.equals(a.privateKey(), b.privateKey()));
    }

    /**
     * The packets BouncyCastle's PGPKeyRingGenerator (the code this writer replaced) makes for the same key pair, user
     * id and time, byte for byte: RSA PKCS#1 v1.5 signatures are deterministic. The one difference is the header form
     * of the signature packet (BouncyCastle 1.82 writes it in the new format, this writer in the old one).
     */
    @Test
    void thePacketsAreThoseBouncyCastlesKeyRingGeneratorWrote() throws Exception {
        KeyPair pair = rsa();
        OpenPgpKeyRing.Encoded ours = OpenPgpKeyRing.write(pair, USER_ID, CREATED);
        PGPSignatureSubpacketGenerator signedAtKeyCreation = new PGPSignatureSubpacketGenerator();
        signedAtKeyCreation.setSignatureCreationTime(true, Date.from(CREATED));
        PGPKeyRingGenerator bc = new PGPKeyRingGenerator(PGPSignature.POSITIVE_CERTIFICATION,
                new JcaPGPKeyPair(PublicKeyAlgorithmTags.RSA_GENERAL, pair, Date.from(CREATED)), USER_ID,
                new BcPGPDigestCalculatorProvider().get(HashAlgorithmTags.SHA1), signedAtKeyCreation.generate(), null,
                new BcPGPContentSignerBuilder(PublicKeyAlgorithmTags.RSA_GENERAL, HashAlgorithmTags.SHA256), null);
        assertSamePackets(packets(bc.generatePublicKeyRing().getEncoded()), packets(dearmor(ours.armoredPublicRing())));
        assertSamePackets(packets(bc.generateSecretKeyRing().getEncoded()), packets(ours.secretRing()));
    }

    // --- an independent reader of packets and MPIs ---

    /** A packet's tag and body (headers of either format dropped); compared by its text. */
    private record Packet(int tag, byte[] body) {
        @Override
        public String toString() {
            return "tag " + tag + ": " + java.util.HexFormat.of().formatHex(body);
        }
    }

    private static List<Packet> packets(byte[] data) {
        ByteBuffer in = ByteBuffer.wrap(data);
        List<Packet> packets = new ArrayList<>();
        while (in.hasRemaining()) {
            int ctb = in.get() & 0xff;
            assertTrue((ctb & 0x80) != 0, "packet header");
            boolean newFormat = (ctb & 0x40) != 0;
            int tag = newFormat ? ctb & 0x3f : (ctb >> 2) & 0x0f;
            int length = newFormat ? newFormatLength(in) : oldFormatLength(in, ctb & 3);
            byte[] body = new byte[length];
            in.get(body);
            packets.add(new Packet(tag, body));
        }
        return packets;
    }

    private static void assertSamePackets(List<Packet> expected, List<Packet> actual) {
        assertEquals(expected.size(), actual.size());
        for (int i = 0; i < expected.size(); i++) {
            assertEquals(expected.get(i).toString(), actual.get(i).toString(), "packet " + i);
        }
    }

    private static int oldFormatLength(ByteBuffer in, int type) {
        return switch (type) {
            case 0 -> in.get() & 0xff;
            case 1 -> in.getShort() & 0xffff;
            case 2 -> in.getInt();
            default -> throw new AssertionError("indeterminate length");
        };
    }

    private static int newFormatLength(ByteBuffer in) {
        int first = in.get() & 0xff;
        if (first < 192) {
            return first;
        }
        if (first < 224) {
            return ((first - 192) << 8) + (in.get() & 0xff) + 192;
        }
        assertEquals(255, first, "no partial lengths in a key ring");
        return in.getInt();
    }

    /** The length of a v4 RSA public key body at the start of a key packet: 6 octets, then MPIs n and e. */
    private static int publicKeyLength(byte[] body) {
        ByteBuffer in = ByteBuffer.wrap(body).position(6);
        mpi(in);
        mpi(in);
        return in.position();
    }

    private static BigInteger mpi(ByteBuffer in) {
        int bits = in.getShort() & 0xffff;
        byte[] magnitude = new byte[(bits + 7) / 8];
        in.get(magnitude);
        return new BigInteger(1, magnitude);
    }

    /** Each MPI's first octet is not zero and its bit count is the exact bit length of its value. */
    private static void assertMinimalMpis(ByteBuffer in, int count) {
        for (int i = 0; i < count; i++) {
            int bits = in.getShort(in.position()) & 0xffff;
            byte first = in.get(in.position() + 2);
            BigInteger value = mpi(in);
            assertNotEquals(0, first, "no leading zero octet");
            assertEquals(value.bitLength(), bits, "bit count");
        }
    }

    /** CRC-24 as RFC 4880 6.1 writes it in C, bit by bit, to check the writer's armor line. */
    private static int crc24Reference(byte[] data) {
        long crc = 0xB704CEL;
        for (byte b : data) {
            crc ^= (long) (b & 0xff) << 16;
            for (int i = 0; i < 8; i++) {
                crc <<= 1;
                if ((crc & 0x1000000L) != 0) {
                    crc ^= 0x1864CFBL;
                }
            }
        }
        return (int) (crc & 0xFFFFFFL);
    }

    // --- BouncyCastle as the reader ---

    private static PGPPublicKeyRing publicRing(OpenPgpKeyRing.Encoded rings) throws IOException {
        return publicRing(rings.armoredPublicRing());
    }

    private static PGPPublicKeyRing publicRing(String armored) throws IOException {
        return new PGPPublicKeyRing(PGPUtil.getDecoderStream(new ByteArrayInputStream(armored.getBytes(StandardCharsets.US_ASCII))),
                new BcKeyFingerprintCalculator());
    }

    private static PGPSecretKeyRing secretRing(OpenPgpKeyRing.Encoded rings) throws Exception {
        return new PGPSecretKeyRing(rings.secretRing(), new BcKeyFingerprintCalculator());
    }

    private static byte[] dearmor(String armored) throws IOException {
        try (InputStream in = new ArmoredInputStream(new ByteArrayInputStream(armored.getBytes(StandardCharsets.US_ASCII)))) {
            return in.readAllBytes();
        }
    }

    private static BigInteger modulus(PGPPublicKey key) {
        return ((org.bouncycastle.bcpg.RSAPublicBCPGKey) key.getPublicKeyPacket().getKey()).getModulus();
    }

    private static KeyPair rsa() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        return generator.generateKeyPair();
    }

    private static byte[] u16(int value) {
        return new byte[] {(byte) (value >> 8), (byte) value};
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }
}
