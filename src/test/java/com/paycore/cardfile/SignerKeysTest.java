package com.paycore.cardfile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.UUID;

import org.bouncycastle.openpgp.PGPSecretKeyRing;
import org.bouncycastle.openpgp.operator.bc.BcKeyFingerprintCalculator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.paycore.apikey.FileKeyRings;
import com.paycore.apikey.Gpg;
import com.paycore.cardfile.CardFileException.Reason;
import com.paycore.platform.web.AppException;
import com.paycore.platform.web.ErrorCode;

/**
 * A signer's key as a caller gives it, against keys GnuPG 2.2 makes (signing primary, signing subkey only,
 * encrypt-only, expiring, revoked, secret), hostile blocks, and the signer entry as the card-file reader takes it.
 */
class SignerKeysTest {

    private static final String CARDS = "reference,cardNumber,expirationMonth,expirationYear,cardholderName\r\n"
            + "r-1,4111111111111111,12,2030,Jane Roe\r\n";

    private static Gpg gpg;
    private static FileKeyRings.Rings project;

    @BeforeAll
    static void keys() {
        gpg = new Gpg();
        project = FileKeyRings.newKey("project-cards");
        gpg.importKey(project.publicRing());
        generate("signer", "ed25519", "sign", "never");
        generate("stranger", "ed25519", "sign", "never");
        generate("subkey-signer", "ed25519", "cert", "never");
        gpg.ok(new byte[0], "--passphrase", "", "--quick-add-key", fingerprint("subkey-signer"), "ed25519", "sign", "never");
        generate("encrypt-only", "ed25519", "cert", "never");
        gpg.ok(new byte[0], "--passphrase", "", "--quick-add-key", fingerprint("encrypt-only"), "cv25519", "encr", "never");
        generate("expiring", "ed25519", "sign", "1y");
        generate("revoked", "ed25519", "sign", "never");
    }

    @AfterAll
    static void stopGpg() {
        gpg.close();
    }

    // --- keys that can sign ---

    @Test
    void aSigningKeyIsAcceptedWithItsFingerprintInUpperCaseHex() {
        SignerKeys.SignerKey key = SignerKeys.parse(exported("signer"), Instant.now());
        assertEquals(fingerprint("signer").toUpperCase(), key.fingerprint());
        assertTrue(key.fingerprint().matches("[0-9A-F]{40}"), key.fingerprint());
        assertTrue(key.armoredPublicKey().startsWith("-----BEGIN PGP PUBLIC KEY BLOCK-----"), key.armoredPublicKey());
    }

    @Test
    void theStoredKeyIsTheParsedRingWithoutWhatSurroundsIt() {
        String given = "\n  " + exported("signer").replace("-----BEGIN PGP PUBLIC KEY BLOCK-----",
                "-----BEGIN PGP PUBLIC KEY BLOCK-----\nComment: from the merchant") + "\n";
        SignerKeys.SignerKey key = SignerKeys.parse(given, Instant.now());
        assertFalse(key.armoredPublicKey().contains("Comment"), key.armoredPublicKey());
        assertEquals(key, SignerKeys.parse(key.armoredPublicKey(), Instant.now()), "the stored form reads back the same");
    }

    @Test
    void aKeyWhoseOnlySigningKeyIsASubkeyIsAccepted() {
        assertEquals(fingerprint("subkey-signer").toUpperCase(),
                SignerKeys.parse(exported("subkey-signer"), Instant.now()).fingerprint());
    }

    @Test
    void theServicesOwnFileKeysCanSign() {
        assertTrue(SignerKeys.parse(FileKeyRings.newKey("merchant").armoredPublicRing(), Instant.now())
                .fingerprint().matches("[0-9A-F]{40}"));
    }

    // --- keys that cannot ---

    @Test
    void anEncryptOnlyKeyIsRefused() {
        assertRefused(exported("encrypt-only"), "publicKey cannot verify signatures");
    }

    @Test
    void anExpiredKeyIsRefused() {
        String key = exported("expiring");
        SignerKeys.parse(key, Instant.now());
        assertRefused(key, Instant.now().plus(400, ChronoUnit.DAYS), "publicKey has expired");
    }

    @Test
    void aRevokedKeyIsRefused() throws Exception {
        Path revocation = gpg.home().resolve("openpgp-revocs.d").resolve(fingerprint("revoked").toUpperCase() + ".rev");
        String certificate = Files.readString(revocation).replace(":-----BEGIN PGP PUBLIC KEY BLOCK-----",
                "-----BEGIN PGP PUBLIC KEY BLOCK-----");
        gpg.importKey(certificate.getBytes(StandardCharsets.US_ASCII));
        assertRefused(exported("revoked"), "publicKey is revoked");
    }

    @Test
    void aSecretKeyBlockIsRefusedWhateverItsArmorSays() {
        String secret = new String(gpg.ok(new byte[0], "--passphrase", "", "--armor", "--export-secret-keys", "<signer@example.com>"),
                StandardCharsets.US_ASCII);
        assertRefused(secret, "publicKey is a secret key block");
        String disguised = secret.replace("PRIVATE KEY BLOCK", "PUBLIC KEY BLOCK");
        assertRefused(disguised, "publicKey is a secret key block");
    }

    @Test
    void twoKeysInOneBlockAreRefused() {
        String both = new String(gpg.ok(new byte[0], "--armor", "--export", "<signer@example.com>", "<stranger@example.com>"), StandardCharsets.US_ASCII);
        assertRefused(both, "publicKey holds more than one key");
    }

    // --- malformed and hostile input ---

    @Test
    void missingBlankGarbageAndBinaryAreRefused() {
        assertRefused(null, "publicKey is required");
        assertRefused("  \n", "publicKey is required");
        assertRefused("not a key", "publicKey is not an ASCII-armored OpenPGP public key");
        byte[] binary = gpg.ok(new byte[0], "--export", "<signer@example.com>");
        assertRefused(new String(binary, StandardCharsets.ISO_8859_1), "publicKey is not ASCII-armored");
        assertRefused("-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nbm90IGEga2V5\n-----END PGP PUBLIC KEY BLOCK-----\n",
                "publicKey is not a readable OpenPGP key block");
        assertRefused("-----BEGIN PGP PUBLIC KEY BLOCK-----\n", "publicKey holds no OpenPGP public key");
    }

    @Test
    void aMessageInsteadOfAKeyIsRefused() {
        String message = new String(gpg.ok(CARDS.getBytes(StandardCharsets.UTF_8), "--armor", "--encrypt", "-r",
                "project-cards"), StandardCharsets.US_ASCII).replace("PGP MESSAGE", "PGP PUBLIC KEY BLOCK");
        assertRefused(message, "publicKey holds no OpenPGP public key");
    }

    @Test
    void moreThan64KiBIsRefusedBeforeParsing() {
        String key = exported("signer");
        String padded = key + " ".repeat(SignerKeys.MAX_CHARS + 1 - key.length());
        assertEquals(SignerKeys.MAX_CHARS + 1, padded.length());
        assertRefused(padded, "publicKey is longer than 64 KiB");
        String atTheLimit = key + "\n".repeat(SignerKeys.MAX_CHARS - key.length());
        assertEquals(fingerprint("signer").toUpperCase(), SignerKeys.parse(atTheLimit, Instant.now()).fingerprint());
    }

    @Test
    void damagedBlocksAreAlwaysA400NeverAnotherException() {
        String key = exported("signer");
        int body = key.indexOf("\n\n") + 2;
        int end = key.indexOf("-----END");
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=\n";
        Random random = new Random(42);
        int refused = 0;
        for (int i = 0; i < 2000; i++) {
            char[] chars = key.toCharArray();
            int flips = 1 + random.nextInt(8);
            for (int f = 0; f < flips; f++) {
                chars[body + random.nextInt(end - body)] = alphabet.charAt(random.nextInt(alphabet.length()));
            }
            String damaged = random.nextInt(4) == 0
                    ? new String(chars, 0, body + random.nextInt(end - body)) + key.substring(end) : new String(chars);
            try {
                SignerKeys.parse(damaged, Instant.now());
            } catch (AppException e) {
                assertEquals(ErrorCode.VALIDATION, e.code());
                assertTrue(e.getMessage().startsWith("publicKey "), e.getMessage());
                refused++;
            }
        }
        assertTrue(refused > 1000, "most damaged blocks are refused: " + refused);
    }

    // --- the signer entry as the card-file reader takes it ---

    @Test
    void aFileSignedByARegisteredSignerIsReadAndNamesThatSigner() throws Exception {
        CardFileSigner registered = signer("signer");
        CardFileSigner other = signer("subkey-signer");
        CardFileSummary summary = read(encrypt("--sign", "-u", "signer"), List.of(other.forReader(), registered.forReader()));
        assertEquals(registered.id().toString(), summary.signerId());
        assertEquals(1, summary.rows());
        assertEquals(other.id().toString(), read(encrypt("--sign", "-u", "subkey-signer"),
                List.of(other.forReader(), registered.forReader())).signerId(), "signed by the signing subkey");
    }

    @Test
    void aFileSignedByAnUnregisteredKeyOrUnsignedFails() throws Exception {
        List<CardFileKeys.Signer> signers = List.of(signer("signer").forReader());
        CardFileException stranger = assertThrows(CardFileException.class,
                () -> read(encrypt("--sign", "-u", "stranger"), signers));
        assertEquals(Reason.SIGNATURE, stranger.reason());
        CardFileException unsigned = assertThrows(CardFileException.class, () -> read(encrypt(), signers));
        assertEquals(Reason.SIGNATURE, unsigned.reason());
    }

    // --- helpers ---

    private static CardFileSigner signer(String name) {
        return new CardFileSigner(UUID.randomUUID(), UUID.randomUUID(), UUID.randomUUID(),
                SignerKeys.parse(exported(name), Instant.now()), OffsetDateTime.now(ZoneOffset.UTC));
    }

    private static CardFileSummary read(byte[] message, List<CardFileKeys.Signer> signers) throws IOException {
        CardFileKeys keys = new CardFileKeys(SignerKeysTest::projectKey, signers);
        return CardFileReader.read(new ByteArrayInputStream(message), keys, CardFileLimits.defaults(message.length), 1,
                RowSink.ignoring());
    }

    private static Optional<CardFileKeys.DecryptionKey> projectKey(long keyId) {
        try {
            PGPSecretKeyRing ring = new PGPSecretKeyRing(project.secretRing(), new BcKeyFingerprintCalculator());
            return ring.getSecretKey(keyId) == null ? Optional.empty()
                    : Optional.of(new CardFileKeys.DecryptionKey("key-project", project.secretRing()));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] encrypt(String... options) {
        List<String> args = new ArrayList<>(List.of("--encrypt", "-r", "project-cards"));
        args.addAll(List.of(options));
        return gpg.ok(CARDS.getBytes(StandardCharsets.UTF_8), args.toArray(String[]::new));
    }

    private static void generate(String name, String algorithm, String usage, String expire) {
        gpg.ok(new byte[0], "--passphrase", "", "--quick-gen-key", name + " <" + name + "@example.com>", algorithm,
                usage, expire);
    }

    private static String fingerprint(String name) {
        String colons = gpg.run(new byte[0], "--with-colons", "--fingerprint", "<" + name + "@example.com>").out();
        return colons.lines().filter(l -> l.startsWith("fpr:")).findFirst().orElseThrow().split(":")[9];
    }

    private static String exported(String name) {
        return new String(gpg.ok(new byte[0], "--armor", "--export", "<" + name + "@example.com>"), StandardCharsets.US_ASCII);
    }

    private static void assertRefused(String key, String messageStart) {
        assertRefused(key, Instant.now(), messageStart);
    }

    private static void assertRefused(String key, Instant now, String messageStart) {
        AppException e = assertThrows(AppException.class, () -> SignerKeys.parse(key, now));
        assertEquals(ErrorCode.VALIDATION, e.code());
        assertTrue(e.getMessage().startsWith(messageStart), e.getMessage());
    }
}
