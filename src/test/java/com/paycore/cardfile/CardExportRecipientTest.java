package com.paycore.cardfile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;

import org.bouncycastle.bcpg.PublicKeyAlgorithmTags;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.paycore.apikey.FileKeyRings;
import com.paycore.apikey.Gpg;
import com.paycore.platform.web.AppException;
import com.paycore.platform.web.ErrorCode;

/** The recipient key of an export, checked against keys GnuPG made: what can encrypt now passes, the rest is a 400. */
class CardExportRecipientTest {

    private static Gpg gpg;
    private static final Instant NOW = Instant.now();
    private static final Instant IN_TWO_DAYS = NOW.plus(Duration.ofDays(2));

    @BeforeAll
    static void startGpg() {
        gpg = new Gpg();
    }

    @AfterAll
    static void stopGpg() {
        gpg.close();
    }

    @Test
    void anEd25519KeyWithACv25519EncryptionSubkeyIsTheRecipientItsSubkeyEncrypts() {
        String armored = withEncryptionSubkey("vault-a", "never", "never");
        CardExportRecipient.Recipient recipient = CardExportRecipient.parse(armored, NOW);
        assertEquals(fingerprint("vault-a").toUpperCase(Locale.ROOT), recipient.fingerprint());
        assertTrue(recipient.fingerprint().matches("[0-9A-F]{40}"));
        assertFalse(recipient.encryptionKey().isMasterKey(), "the encryption subkey, not the signing primary");
        assertEquals(PublicKeyAlgorithmTags.ECDH, recipient.encryptionKey().getAlgorithm());
    }

    @Test
    void anRsaPrimaryFlaggedForEncryptionIsItsOwnEncryptionKey() {
        gpg.ok(new byte[0], "--passphrase", "", "--quick-gen-key", "rsa-vault <rsa-vault@example.com>", "rsa2048",
                "cert,sign,encr", "never");
        CardExportRecipient.Recipient recipient = CardExportRecipient.parse(exported("rsa-vault"), NOW);
        assertTrue(recipient.encryptionKey().isMasterKey());
        assertEquals(fingerprint("rsa-vault").toUpperCase(Locale.ROOT), recipient.fingerprint());
    }

    @Test
    void theServicesOwnFileContentPgpKeyCanBeARecipient() {
        CardExportRecipient.Recipient recipient = CardExportRecipient.parse(
                FileKeyRings.newKey("other-vault").armoredPublicRing(), NOW);
        assertFalse(recipient.encryptionKey().isMasterKey());
    }

    @Test
    void anExpiredKeyIs400() {
        String armored = withEncryptionSubkey("expiring", "1d", "never");
        CardExportRecipient.parse(armored, NOW);
        assertRefused(armored, IN_TWO_DAYS, "recipientPublicKey has expired");
    }

    @Test
    void aKeyWhoseOnlyEncryptionSubkeyExpiredCannotEncrypt() {
        String armored = withEncryptionSubkey("subkey-expiring", "never", "1d");
        CardExportRecipient.parse(armored, NOW);
        assertRefused(armored, IN_TWO_DAYS, "recipientPublicKey cannot encrypt");
    }

    @Test
    void aRevokedKeyIs400() throws Exception {
        withEncryptionSubkey("revoked", "never", "never");
        String fpr = fingerprint("revoked").toUpperCase(Locale.ROOT);
        // gpg writes a revocation certificate for every key it makes; the leading ':' keeps it from being imported by
        // accident
        String certificate = Files.readString(gpg.home().resolve(Path.of("openpgp-revocs.d", fpr + ".rev")))
                .replace(":-----BEGIN PGP PUBLIC KEY BLOCK-----", "-----BEGIN PGP PUBLIC KEY BLOCK-----");
        gpg.importKey(certificate.getBytes(StandardCharsets.US_ASCII));
        assertRefused(exported("revoked"), NOW, "recipientPublicKey is revoked");
    }

    @Test
    void aSignOnlyKeyCannotEncrypt() {
        gpg.ok(new byte[0], "--passphrase", "", "--quick-gen-key", "signer <signer@example.com>", "ed25519", "sign",
                "never");
        assertRefused(exported("signer"), NOW, "recipientPublicKey cannot encrypt");
    }

    @Test
    void aSecretKeyBlockIsRefusedNamingIt() {
        withEncryptionSubkey("secret", "never", "never");
        String secret = new String(gpg.ok(new byte[0], "--passphrase", "", "--armor", "--export-secret-keys",
                "<secret@example.com>"), StandardCharsets.US_ASCII);
        assertRefused(secret, NOW, "recipientPublicKey is a secret key block");
    }

    @Test
    void twoKeysInOneBlockAreRefused() {
        withEncryptionSubkey("first", "never", "never");
        withEncryptionSubkey("second", "never", "never");
        String both = new String(gpg.ok(new byte[0], "--armor", "--export", "<first@example.com>",
                "<second@example.com>"), StandardCharsets.US_ASCII);
        assertRefused(both, NOW, "recipientPublicKey holds more than one key");
    }

    @Test
    void garbageIsRefusedWithAReasonAndNeverAnUnexpectedError() {
        assertRefused(null, NOW, "recipientPublicKey is required");
        assertRefused("  ", NOW, "recipientPublicKey is required");
        assertRefused("hello", NOW, "recipientPublicKey is not an ASCII-armored OpenPGP public key");
        assertRefused("-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nbm90IGEga2V5\n=AAAA\n-----END PGP PUBLIC KEY BLOCK-----\n",
                NOW, "recipientPublicKey ");
        assertRefused("-----BEGIN PGP PUBLIC KEY BLOCK-----\n\n!!!!\n-----END PGP PUBLIC KEY BLOCK-----\n", NOW,
                "recipientPublicKey ");
        assertRefused("-----BEGIN PGP PUBLIC KEY BLOCK-----\nkey é\n", NOW, "recipientPublicKey is not ASCII-armored");
        assertRefused("-----BEGIN PGP PUBLIC KEY BLOCK-----\n" + "A".repeat(70_000), NOW,
                "recipientPublicKey is longer than 64 KiB");
        String good = withEncryptionSubkey("truncated", "never", "never");
        assertRefused(good.substring(0, good.length() / 2), NOW, "recipientPublicKey ");
    }

    private static void assertRefused(String text, Instant now, String reason) {
        AppException e = assertThrows(AppException.class, () -> CardExportRecipient.parse(text, now));
        assertEquals(ErrorCode.VALIDATION, e.code());
        assertEquals(400, e.getResponse().getStatus());
        assertTrue(e.getMessage().startsWith(reason), e.getMessage());
    }

    /** An ed25519 primary (certify, sign) expiring as given, with a cv25519 encryption subkey expiring as given. */
    private static String withEncryptionSubkey(String name, String primaryExpiry, String subkeyExpiry) {
        gpg.ok(new byte[0], "--passphrase", "", "--quick-gen-key", name + " <" + name + "@example.com>", "ed25519",
                "cert,sign", primaryExpiry);
        gpg.ok(new byte[0], "--passphrase", "", "--quick-add-key", fingerprint(name), "cv25519", "encr", subkeyExpiry);
        return exported(name);
    }

    private static String exported(String name) {
        return new String(gpg.ok(new byte[0], "--armor", "--export", "<" + name + "@example.com>"),
                StandardCharsets.US_ASCII);
    }

    private static String fingerprint(String name) {
        return gpg.run(new byte[0], "--with-colons", "--fingerprint", "<" + name + "@example.com>").out().lines()
                .filter(l -> l.startsWith("fpr:")).findFirst().orElseThrow().split(":")[9];
    }
}
