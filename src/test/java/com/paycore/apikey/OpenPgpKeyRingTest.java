package com.paycore.apikey;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;

import org.bouncycastle.bcpg.SymmetricKeyAlgorithmTags;
import org.bouncycastle.bcpg.sig.Features;
import org.bouncycastle.bcpg.sig.KeyFlags;
import org.bouncycastle.openpgp.PGPEncryptedDataList;
import org.bouncycastle.openpgp.PGPPublicKey;
import org.bouncycastle.openpgp.PGPPublicKeyEncryptedData;
import org.bouncycastle.openpgp.PGPPublicKeyRing;
import org.bouncycastle.openpgp.PGPSecretKeyRing;
import org.bouncycastle.openpgp.PGPSignature;
import org.bouncycastle.openpgp.PGPSignatureSubpacketVector;
import org.bouncycastle.openpgp.PGPUtil;
import org.bouncycastle.openpgp.bc.BcPGPObjectFactory;
import org.bouncycastle.openpgp.operator.bc.BcKeyFingerprintCalculator;
import org.bouncycastle.openpgp.operator.bc.BcPGPContentVerifierBuilderProvider;
import org.bouncycastle.openpgp.operator.bc.BcPublicKeyDataDecryptorFactory;
import org.junit.jupiter.api.Test;

/**
 * FileContentPGPKey rings made by BouncyCastle: read back by BouncyCastle and by GnuPG 2.2 (the independent reader),
 * which must encrypt to a new key with AES and integrity protection without options; rings of the earlier writer stay
 * readable.
 */
class OpenPgpKeyRingTest {

    private static final String USER_ID = "project-7";

    @Test
    void aNewRingHasACertifyingSigningPrimaryKeyAndAnEncryptionSubkeyWithAesShaAndZlibPreferences() throws Exception {
        PGPPublicKeyRing ring = publicRing(FileKeyRings.newKey(USER_ID).armoredPublicRing());
        List<PGPPublicKey> keys = new ArrayList<>();
        ring.getPublicKeys().forEachRemaining(keys::add);
        assertEquals(2, keys.size());
        PGPPublicKey primary = keys.get(0);
        PGPPublicKey subkey = keys.get(1);
        assertTrue(primary.isMasterKey());
        assertEquals(2048, primary.getBitStrength());
        assertEquals(2048, subkey.getBitStrength());
        assertEquals(USER_ID, primary.getUserIDs().next());

        PGPSignature certification = primary.getSignaturesForID(USER_ID).next();
        assertEquals(PGPSignature.POSITIVE_CERTIFICATION, certification.getSignatureType());
        certification.init(new BcPGPContentVerifierBuilderProvider(), primary);
        assertTrue(certification.verifyCertification(USER_ID, primary));
        PGPSignatureSubpacketVector prefs = certification.getHashedSubPackets();
        assertEquals(KeyFlags.CERTIFY_OTHER | KeyFlags.SIGN_DATA, prefs.getKeyFlags());
        assertArrayEquals(new int[] {SymmetricKeyAlgorithmTags.AES_256, SymmetricKeyAlgorithmTags.AES_192,
                SymmetricKeyAlgorithmTags.AES_128}, prefs.getPreferredSymmetricAlgorithms());
        assertArrayEquals(new int[] {8, 10}, prefs.getPreferredHashAlgorithms(), "SHA-256, SHA-512");
        assertArrayEquals(new int[] {2, 1}, prefs.getPreferredCompressionAlgorithms(), "ZLIB, ZIP");
        assertTrue(prefs.getFeatures().supportsFeature(Features.FEATURE_MODIFICATION_DETECTION));

        PGPSignature binding = subkey.getSignaturesOfType(PGPSignature.SUBKEY_BINDING).next();
        binding.init(new BcPGPContentVerifierBuilderProvider(), primary);
        assertTrue(binding.verifyCertification(primary, subkey));
        assertEquals(KeyFlags.ENCRYPT_COMMS | KeyFlags.ENCRYPT_STORAGE, binding.getHashedSubPackets().getKeyFlags());
    }

    @Test
    void theSecretRingIsUnprotectedAndHoldsThePublicRingsKeys() throws Exception {
        FileKeyRings.Rings rings = FileKeyRings.newKey(USER_ID);
        PGPPublicKeyRing publicRing = publicRing(rings.armoredPublicRing());
        PGPSecretKeyRing secretRing = new PGPSecretKeyRing(rings.secretRing(), new BcKeyFingerprintCalculator());
        Iterator<PGPPublicKey> keys = publicRing.getPublicKeys();
        while (keys.hasNext()) {
            PGPPublicKey key = keys.next();
            assertNotNull(secretRing.getSecretKey(key.getKeyID()).extractPrivateKey(null), "unprotected: no passphrase");
            assertArrayEquals(key.getFingerprint(), secretRing.getSecretKey(key.getKeyID()).getPublicKey().getFingerprint());
        }
        assertFalse(rings.armoredPublicRing().contains("Version:"), "no armor header naming the library");
    }

    @Test
    void twoGenerationsGiveDifferentKeys() throws Exception {
        PGPPublicKeyRing a = publicRing(FileKeyRings.newKey(USER_ID).armoredPublicRing());
        PGPPublicKeyRing b = publicRing(FileKeyRings.newKey(USER_ID).armoredPublicRing());
        assertNotEquals(a.getPublicKey().getKeyID(), b.getPublicKey().getKeyID());
        assertNotEquals(HexFormat.of().formatHex(a.getPublicKey().getFingerprint()),
                HexFormat.of().formatHex(b.getPublicKey().getFingerprint()));
    }

    /** GnuPG lists the capabilities (primary "sc", subkey "e") and, without options, encrypts with AES-256 and an MDC. */
    @Test
    void gnupgImportsANewPublicRingAndEncryptsToItWithAesWithoutOptions() throws Exception {
        FileKeyRings.Rings rings = FileKeyRings.newKey(USER_ID);
        try (Gpg gpg = new Gpg()) {
            gpg.importKey(rings.publicRing());
            String listing = new String(gpg.ok(new byte[0], "--with-colons", "--list-keys"), StandardCharsets.UTF_8);
            List<String> capabilities = listing.lines().filter(l -> l.startsWith("pub:") || l.startsWith("sub:"))
                    .map(l -> l.split(":")[0] + " " + l.split(":")[11]).toList();
            assertEquals(List.of("pub scESC", "sub e"), capabilities, listing);

            byte[] message = gpg.ok("reference,cardNumber\n".getBytes(StandardCharsets.UTF_8), "--encrypt", "-r", USER_ID);
            String packets = gpg.run(message, "--list-packets").out();
            assertTrue(packets.contains("mdc_method: 2"), "integrity protected (SEIPD with MDC): " + packets);

            PGPPublicKeyEncryptedData encrypted = (PGPPublicKeyEncryptedData) encryptedDataList(message).get(0);
            PGPSecretKeyRing secretRing = new PGPSecretKeyRing(rings.secretRing(), new BcKeyFingerprintCalculator());
            PGPPublicKey subkey = new ArrayList<PGPPublicKey>() {{
                secretRing.getPublicKeys().forEachRemaining(this::add);
            }}.get(1);
            assertEquals(subkey.getKeyID(), encrypted.getKeyID(), "encrypted to the encryption subkey");
            assertTrue(encrypted.isIntegrityProtected());
            int algorithm = encrypted.getSymmetricAlgorithm(
                    new BcPublicKeyDataDecryptorFactory(secretRing.getSecretKey(encrypted.getKeyID()).extractPrivateKey(null)));
            assertEquals(SymmetricKeyAlgorithmTags.AES_256, algorithm);
        }
    }

    /** GnuPG takes the secret ring as the service unseals it, and decrypts what it encrypted to the public ring. */
    @Test
    void gnupgImportsTheSecretRingAndDecrypts() {
        FileKeyRings.Rings rings = FileKeyRings.newKey(USER_ID);
        try (Gpg gpg = new Gpg()) {
            gpg.importKey(rings.secretRing());
            byte[] message = gpg.ok("row".getBytes(StandardCharsets.UTF_8), "--encrypt", "-r", USER_ID);
            Gpg.Run decrypted = gpg.run(message, "--verbose", "--decrypt");
            assertEquals(0, decrypted.exitCode(), decrypted.stderr());
            assertEquals("row", decrypted.out());
            assertTrue(decrypted.stderr().contains("AES256"), decrypted.stderr());
        }
    }

    /** Rings stored before keys came from BouncyCastle: one RSA key, no flags, no preferences; still read. */
    @Test
    void ringsOfTheEarlierWriterStayReadable() throws Exception {
        FileKeyRings.Rings legacy = FileKeyRings.legacyKey();
        PGPPublicKeyRing publicRing = publicRing(legacy.armoredPublicRing());
        PGPSecretKeyRing secretRing = new PGPSecretKeyRing(legacy.secretRing(), new BcKeyFingerprintCalculator());
        PGPPublicKey key = publicRing.getPublicKey();
        assertEquals(key.getKeyID(), secretRing.getSecretKey().getKeyID());
        assertNotNull(secretRing.getSecretKey().extractPrivateKey(null));
        PGPSignature certification = key.getSignatures().next();
        assertNull(certification.getHashedSubPackets().getPreferredSymmetricAlgorithms());
        certification.init(new BcPGPContentVerifierBuilderProvider(), key);
        assertTrue(certification.verifyCertification(key.getUserIDs().next(), key));
    }

    private static PGPPublicKeyRing publicRing(String armored) throws IOException {
        return new PGPPublicKeyRing(PGPUtil.getDecoderStream(new ByteArrayInputStream(armored.getBytes(StandardCharsets.US_ASCII))),
                new BcKeyFingerprintCalculator());
    }

    private static PGPEncryptedDataList encryptedDataList(byte[] message) throws IOException {
        try (InputStream in = PGPUtil.getDecoderStream(new ByteArrayInputStream(message))) {
            Object first = new BcPGPObjectFactory(in).nextObject();
            return (PGPEncryptedDataList) first;
        }
    }
}
