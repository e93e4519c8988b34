package com.paycore.cardfile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

import org.bouncycastle.openpgp.PGPPublicKeyRing;
import org.bouncycastle.openpgp.PGPUtil;
import org.bouncycastle.openpgp.operator.bc.BcKeyFingerprintCalculator;
import org.bouncycastle.util.encoders.Hex;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.paycore.apikey.FileKeyRings;
import com.paycore.apikey.Gpg;
import com.paycore.vault.Address;
import com.paycore.vault.ExportedCard;

/**
 * The export's OpenPGP message read back by GnuPG, an implementation no code of ours wrote: it decrypts with the
 * recipient's key to exactly the CSV written, the signature verifies against the project's FileContentPGPKey, and the
 * packets are the ones promised (AES-256 with a modification detection code, ZLIB, one-pass signature).
 */
class CardExportWriterTest {

    private static Gpg gpg;
    private static FileKeyRings.Rings project;
    private static CardExportRecipient.Recipient recipient;

    @BeforeAll
    static void keys() {
        gpg = new Gpg();
        project = FileKeyRings.newKey("project-cards");
        gpg.importKey(project.publicRing());
        gpg.ok(new byte[0], "--passphrase", "", "--quick-gen-key", "vault <vault@example.com>", "ed25519",
                "cert,sign", "never");
        String fpr = gpg.run(new byte[0], "--with-colons", "--fingerprint", "<vault@example.com>").out().lines()
                .filter(l -> l.startsWith("fpr:")).findFirst().orElseThrow().split(":")[9];
        gpg.ok(new byte[0], "--passphrase", "", "--quick-add-key", fpr, "cv25519", "encr", "never");
        recipient = CardExportRecipient.parse(new String(gpg.ok(new byte[0], "--armor", "--export",
                "<vault@example.com>"), StandardCharsets.US_ASCII), Instant.now());
    }

    @AfterAll
    static void stopGpg() {
        gpg.close();
    }

    @Test
    void gpgDecryptsItToTheCsvAndTheProjectsKeyHasSignedIt() throws Exception {
        List<ExportedCard> cards = List.of(card(1, "4111111111111111", "ref-1", "Jane Roe"),
                card(2, "5555555555554444", null, "Roe, \"J\""), card(3, "378282246310005", "=x", "Zoë"));
        ByteArrayOutputStream csv = new ByteArrayOutputStream();
        CardExportCsv.header(csv);
        for (ExportedCard c : cards) {
            CardExportCsv.row(csv, c);
        }
        byte[] message = export(cards, CardExportParts.PART_BYTES).message();

        Gpg.Run decrypted = gpg.run(message, "--status-fd", "2", "--decrypt");
        assertEquals(0, decrypted.exitCode(), decrypted.stderr());
        assertEquals(csv.toString(StandardCharsets.UTF_8), decrypted.out());
        assertTrue(decrypted.stderr().contains("[GNUPG:] GOODSIG"), decrypted.stderr());
        assertTrue(decrypted.stderr().contains("[GNUPG:] VALIDSIG " + projectFingerprint()), decrypted.stderr());
        assertTrue(decrypted.stderr().contains("[GNUPG:] DECRYPTION_OKAY"), decrypted.stderr());
        assertTrue(decrypted.stderr().contains("[GNUPG:] GOODMDC"), "integrity protected: " + decrypted.stderr());
        assertTrue(decrypted.stderr().contains("[GNUPG:] DECRYPTION_INFO 2 9"),
                "MDC (2) with AES-256 (9): " + decrypted.stderr());
        assertTrue(decrypted.stderr().contains("[GNUPG:] PLAINTEXT 62 "), "binary literal data: " + decrypted.stderr());

        String packets = gpg.run(message, "--list-packets").out();
        assertTrue(packets.contains(":compressed packet: algo=2"), "ZLIB: " + packets);
        assertTrue(packets.contains(":onepass_sig packet:"), packets);
        assertTrue(packets.indexOf(":onepass_sig packet:") < packets.indexOf(":literal data packet:")
                && packets.indexOf(":literal data packet:") < packets.indexOf(":signature packet:"), packets);
        assertTrue(packets.contains("digest algo 8"), "SHA-256: " + packets);
    }

    @Test
    void manyRowsStreamThroughSmallPartsAndStillReadBackWhole() throws Exception {
        List<ExportedCard> cards = new ArrayList<>();
        for (int i = 0; i < 5000; i++) {
            cards.add(card(i, "4111111111111111", "ref-" + i, "Holder " + i));
        }
        Written written = export(cards, 4096);
        assertTrue(written.parts() > 3, "the message went out in parts as it was written: " + written.parts());
        Gpg.Run decrypted = gpg.run(written.message(), "--status-fd", "2", "--decrypt");
        assertEquals(0, decrypted.exitCode(), decrypted.stderr());
        List<String> lines = decrypted.out().lines().toList();
        assertEquals(5001, lines.size());
        assertTrue(lines.get(5000).contains(",ref-4999,4111111111111111,"), lines.get(5000));
        assertTrue(decrypted.stderr().contains("[GNUPG:] VALIDSIG " + projectFingerprint()), decrypted.stderr());
    }

    @Test
    void aChangedByteFailsGpgsIntegrityCheck() throws Exception {
        byte[] message = export(List.of(card(1, "4111111111111111", "r", "Jane")), 1 << 20).message();
        message[message.length - 10] ^= 0x01;
        Gpg.Run decrypted = gpg.run(message, "--status-fd", "2", "--decrypt");
        assertNotEquals(0, decrypted.exitCode(), decrypted.stderr());
    }

    private record Written(byte[] message, int parts) {
    }

    private static Written export(List<ExportedCard> cards, int partBytes) throws IOException {
        ByteArrayOutputStream joined = new ByteArrayOutputStream();
        CardExportParts parts = new CardExportParts((seq, bytes) -> joined.writeBytes(bytes), partBytes);
        CardExportWriter writer = CardExportWriter.open(parts, recipient.encryptionKey(), project.secretRing(),
                Instant.now());
        CardExportCsv.header(writer.content());
        for (ExportedCard c : cards) {
            CardExportCsv.row(writer.content(), c);
        }
        writer.finish();
        parts.close();
        return new Written(joined.toByteArray(), parts.parts());
    }

    private static String projectFingerprint() throws IOException {
        PGPPublicKeyRing ring = new PGPPublicKeyRing(PGPUtil.getDecoderStream(
                new ByteArrayInputStream(project.publicRing())), new BcKeyFingerprintCalculator());
        return Hex.toHexString(ring.getPublicKey().getFingerprint()).toUpperCase(Locale.ROOT);
    }

    private static ExportedCard card(int n, String pan, String reference, String holder) {
        return new ExportedCard(new UUID(0, n), "tok_" + n, reference, pan, 12, 2031, holder,
                new Address("Jane", "Roe", null, "+1 555 0100", null, null, "Paris", null, null, "FR"));
    }
}
