package com.paycore.cardfile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.bouncycastle.bcpg.CompressionAlgorithmTags;
import org.bouncycastle.bcpg.HashAlgorithmTags;
import org.bouncycastle.bcpg.SymmetricKeyAlgorithmTags;
import org.bouncycastle.openpgp.PGPCompressedDataGenerator;
import org.bouncycastle.openpgp.PGPEncryptedDataGenerator;
import org.bouncycastle.openpgp.PGPLiteralData;
import org.bouncycastle.openpgp.PGPLiteralDataGenerator;
import org.bouncycastle.openpgp.PGPPublicKey;
import org.bouncycastle.openpgp.PGPPublicKeyRing;
import org.bouncycastle.openpgp.PGPSecretKey;
import org.bouncycastle.openpgp.PGPSecretKeyRing;
import org.bouncycastle.openpgp.PGPSignature;
import org.bouncycastle.openpgp.PGPSignatureGenerator;
import org.bouncycastle.openpgp.PGPUtil;
import org.bouncycastle.openpgp.operator.bc.BcKeyFingerprintCalculator;
import org.bouncycastle.openpgp.operator.bc.BcPGPContentSignerBuilder;
import org.bouncycastle.openpgp.operator.bc.BcPGPDataEncryptorBuilder;
import org.bouncycastle.openpgp.operator.bc.BcPublicKeyKeyEncryptionMethodGenerator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.paycore.apikey.FileKeyRings;
import com.paycore.apikey.Gpg;
import com.paycore.cardfile.CardFileException.Reason;

/**
 * The card-file reader against files GnuPG 2.2 writes (and, for the compression bomb, BouncyCastle's own writer), to
 * keys made by the service's key ring writer and imported into a temporary GnuPG home.
 */
class CardFileReaderTest {

    private static final String HEADER = "reference,cardNumber,expirationMonth,expirationYear,cardholderName,city";
    private static final String CARDS = HEADER + "\r\n"
            + "r-1,4111111111111111,12,2030,Jane Roe,Paris\r\n"
            + "r-2,5555555555554444,1,2031,\"Roe, Jane\",\"Saint\nDenis\"\r\n"
            + "r-3,378282246310005,6,2032,\"J \"\"JR\"\" Roe\",\r\n";

    private static FileKeyRings.Rings project;
    private static FileKeyRings.Rings legacy;
    private static FileKeyRings.Rings signer;
    private static FileKeyRings.Rings stranger;
    private static Gpg gpg;

    @BeforeAll
    static void keys() {
        project = FileKeyRings.newKey("project-cards");
        signer = FileKeyRings.newKey("merchant-signer");
        stranger = FileKeyRings.newKey("stranger");
        legacy = FileKeyRings.legacyKey();
        gpg = new Gpg();
        gpg.importKey(project.publicRing());
        gpg.importKey(legacy.publicRing());
        gpg.importKey(signer.secretRing());
        gpg.importKey(stranger.secretRing());
    }

    @AfterAll
    static void stopGpg() {
        gpg.close();
    }

    // --- good files ---

    @Test
    void aGoodFileGivesItsRowsInOrderWithQuotedCommasNewlinesAndQuotes() throws Exception {
        Read read = read(encrypt(CARDS), projectKeys());
        assertEquals(List.of(1L, 2L, 3L), read.numbers());
        assertEquals(Map.of("reference", "r-1", "cardNumber", "4111111111111111", "expirationMonth", "12",
                "expirationYear", "2030", "cardholderName", "Jane Roe", "city", "Paris"), read.rows.get(0).cells());
        assertEquals("Roe, Jane", read.rows.get(1).cells().get("cardholderName"));
        assertEquals("Saint\nDenis", read.rows.get(1).cells().get("city"), "a quoted line break is the cell's, not a new row");
        assertEquals("J \"JR\" Roe", read.rows.get(2).cells().get("cardholderName"));
        assertEquals("", read.rows.get(2).cells().get("city"));
        assertTrue(read.rows.stream().noneMatch(CardRow::bad));
        assertEquals("key-project", read.summary.keyId());
        assertEquals("AES-256", read.summary.cipher(), "the key's preferences make gpg pick AES-256 without options");
        assertNull(read.summary.signerId());
        assertEquals(3, read.summary.rows());
        assertExpandedSize(read.summary);
        assertEquals(List.of("reference", "cardNumber", "expirationMonth", "expirationYear", "cardholderName", "city"),
                read.summary.columns());
    }

    @Test
    void anArmoredFileReadsAsTheBinaryOne() throws Exception {
        byte[] armored = encrypt(CARDS, "--armor");
        assertTrue(new String(armored, StandardCharsets.US_ASCII).startsWith("-----BEGIN PGP MESSAGE-----"));
        assertEquals(read(encrypt(CARDS), projectKeys()).rows, read(armored, projectKeys()).rows);
    }

    @Test
    void compressedFilesOfEveryAlgorithmGnupgWritesAreRead() throws Exception {
        for (String algorithm : List.of("none", "zip", "zlib", "bzip2")) {
            Read read = read(encrypt(CARDS, "--compress-algo", algorithm, "-z", "9"), projectKeys());
            assertEquals(3, read.summary.rows(), algorithm);
            assertExpandedSize(read.summary);
        }
    }

    @Test
    void theVerifyingPassAndTheSecondPassFromAGivenRow() throws Exception {
        byte[] message = encrypt(CARDS);
        CardFileSummary verified = CardFileReader.read(new ByteArrayInputStream(message), projectKeys(),
                CardFileLimits.defaults(message.length), 1, RowSink.ignoring());
        assertEquals(3, verified.rows());
        Read second = read(message, projectKeys(), CardFileLimits.defaults(message.length), 2);
        assertEquals(List.of(2L, 3L), second.numbers());
        assertEquals("r-2", second.rows.get(0).cells().get("reference"));
    }

    @Test
    void theKeyIdTheMessageNamesIsAskedForBeforeDecryption() throws Exception {
        List<Long> asked = new ArrayList<>();
        CardFileKeys keys = new CardFileKeys(id -> {
            asked.add(id);
            return projectKeys().decryption().find(id);
        }, List.of());
        read(encrypt(CARDS), keys);
        assertEquals(List.of(encryptionKeyId(project)), asked, "the project key's encryption subkey");
    }

    @Test
    void aKeyOfTheEarlierWriterStillDecryptsAFileItsSenderEncryptedWithAes() throws Exception {
        byte[] message = gpg.ok(utf8(CARDS), "--encrypt", "-r", "project-00000000-0000-4000-8000-000000000001",
                "--cipher-algo", "AES256");
        Read read = read(message, legacyKeys());
        assertEquals(3, read.summary.rows());
        assertEquals("key-legacy", read.summary.keyId());
    }

    @Test
    void aKeyOfTheEarlierWriterHasNoPreferencesSoGnupgPicks3desWhichFailsNamingIt() {
        byte[] message = gpg.ok(utf8(CARDS), "--encrypt", "-r", "project-00000000-0000-4000-8000-000000000001");
        CardFileException failure = fails(message, legacyKeys());
        assertEquals(Reason.CIPHER, failure.reason());
        assertTrue(failure.getMessage().startsWith("encrypted with 3DES"), failure.getMessage());
    }

    // --- signatures ---

    @Test
    void aFileSignedByAKnownSignerIsReadAndNamesItsSigner() throws Exception {
        byte[] message = encrypt(CARDS, "--sign", "-u", "merchant-signer");
        Read read = read(message, signedKeys());
        assertEquals(3, read.summary.rows());
        assertEquals("signer-1", read.summary.signerId());
    }

    @Test
    void aFileSignedByAnUnknownKeyFails() {
        CardFileException failure = fails(encrypt(CARDS, "--sign", "-u", "stranger"), signedKeys());
        assertEquals(Reason.SIGNATURE, failure.reason());
        assertEquals("signed by a key that is not a signer of this project", failure.getMessage());
    }

    @Test
    void anUnsignedFileFailsWhereSignaturesAreRequired() {
        CardFileException failure = fails(encrypt(CARDS), signedKeys());
        assertEquals(Reason.SIGNATURE, failure.reason());
        assertTrue(failure.getMessage().startsWith("not signed"), failure.getMessage());
    }

    @Test
    void withoutSignersSignedAndUnsignedFilesAreBothRead() throws Exception {
        assertEquals(3, read(encrypt(CARDS, "--sign", "-u", "stranger"), projectKeys()).summary.rows());
        assertNull(read(encrypt(CARDS, "--sign", "-u", "stranger"), projectKeys()).summary.signerId());
    }

    @Test
    void aSignatureOverOtherContentFails() throws Exception {
        byte[] message = bouncyCastleMessage(project, CompressionAlgorithmTags.UNCOMPRESSED, 0, true);
        CardFileException failure = fails(message, signedKeys());
        assertEquals(Reason.SIGNATURE, failure.reason());
        assertEquals("the signature does not verify", failure.getMessage());
    }

    // --- whole-file failures of the message ---

    @Test
    void aPasswordOnlyMessageIsNotForThisProject() {
        byte[] message = gpg.ok(utf8(CARDS), "--symmetric", "--passphrase", "secret", "--cipher-algo", "AES256");
        CardFileException failure = fails(message, projectKeys());
        assertEquals(Reason.NOT_FOR_THIS_PROJECT, failure.reason());
        assertEquals("not encrypted to an active FileContentPGPKey of this project (it is encrypted with a password)",
                failure.getMessage());
    }

    @Test
    void aMessageEncryptedToAnotherKeyIsNotForThisProject() {
        CardFileException failure = fails(gpg.ok(utf8(CARDS), "--encrypt", "-r", "stranger"), projectKeys());
        assertEquals(Reason.NOT_FOR_THIS_PROJECT, failure.reason());
        assertEquals("not encrypted to an active FileContentPGPKey of this project", failure.getMessage());
    }

    @Test
    void anUnencryptedMessageIsNotForThisProject() {
        CardFileException failure = fails(gpg.ok(utf8(CARDS), "--sign", "-u", "merchant-signer"), projectKeys());
        assertEquals(Reason.NOT_FOR_THIS_PROJECT, failure.reason());
    }

    @Test
    void somethingElseIsNotAnOpenPgpMessage() {
        assertEquals(Reason.NOT_OPENPGP, fails(new byte[0], projectKeys()).reason());
        assertEquals(Reason.NOT_OPENPGP, fails(utf8(CARDS), projectKeys()).reason());
    }

    @Test
    void tripleDesAndCast5FailNamingTheCipher() {
        for (String cipher : List.of("3DES", "CAST5")) {
            Gpg.Run run = gpg.run(utf8(CARDS), "--encrypt", "-r", "project-cards", "--cipher-algo", cipher);
            assertEquals(0, run.exitCode(), run.stderr());
            CardFileException failure = fails(run.stdout(), projectKeys());
            assertEquals(Reason.CIPHER, failure.reason());
            assertEquals("encrypted with " + cipher + ": only AES-128, AES-192 and AES-256 are accepted", failure.getMessage());
        }
    }

    @Test
    void aFlippedByteInTheMiddleIsAnIntegrityFailure() {
        byte[] message = encrypt(manyCards(2_000), "--compress-algo", "none");
        message[message.length / 2] ^= 0x01;
        CardFileException failure = fails(message, projectKeys());
        assertEquals(Reason.INTEGRITY, failure.reason());
        assertTrue(failure.getMessage().contains("modification detection code"), failure.getMessage());
    }

    @Test
    void aFlippedByteInCompressedContentIsAnIntegrityFailure() {
        byte[] message = encrypt(manyCards(2_000), "--compress-algo", "zlib");
        message[message.length / 2] ^= 0x01;
        assertEquals(Reason.INTEGRITY, fails(message, projectKeys()).reason());
    }

    @Test
    void aTruncatedMessageIsAnIntegrityFailure() {
        byte[] message = encrypt(manyCards(2_000), "--compress-algo", "none");
        for (int length : new int[] {message.length * 2 / 3, message.length - 10, message.length - 1}) {
            CardFileException failure = fails(Arrays.copyOf(message, length), projectKeys());
            assertEquals(Reason.INTEGRITY, failure.reason(), "cut at " + length + ": " + failure.getMessage());
        }
    }

    @Test
    void aMessageWithoutIntegrityProtectionFails() throws Exception {
        byte[] message = bouncyCastleMessage(project, CompressionAlgorithmTags.UNCOMPRESSED, 0, false);
        CardFileException failure = fails(message, projectKeys());
        assertEquals(Reason.INTEGRITY, failure.reason());
        assertTrue(failure.getMessage().startsWith("not integrity protected"), failure.getMessage());
    }

    /**
     * 200 MB of card rows compressed to a few hundred KB: the reader stops at the 10 MB limit (the message's declared
     * size leaves the ratio out of it here), long before the end of the message, having handed the sink no more rows
     * than 10 MB hold.
     */
    @Test
    void aCompressionBombStopsAtTheExpansionLimitWhileReading() throws Exception {
        long expanded = 200L << 20;
        byte[] bomb = bouncyCastleMessage(project, CompressionAlgorithmTags.ZLIB, expanded, true);
        assertTrue(bomb.length < expanded / 150, "a bomb: " + bomb.length + " bytes");
        long limit = 10L << 20;
        CountingStream in = new CountingStream(new ByteArrayInputStream(bomb));
        long[] rows = {0};
        CardFileException failure = assertThrows(CardFileException.class, () -> CardFileReader.read(in, projectKeys(),
                new CardFileLimits(limit, CardFileLimits.DEFAULT_MAX_ROWS, 1L << 30), 1, row -> rows[0]++));
        assertEquals(Reason.EXPANSION, failure.reason());
        assertEquals("the decompressed content exceeds " + limit + " bytes", failure.getMessage());
        assertTrue(rows[0] * BOMB_ROW.length() <= limit, "no more rows than the limit holds: " + rows[0]);
        assertTrue(rows[0] > 0, "rows were read up to the limit");
        assertTrue(in.count < bomb.length / 2, "stopped while reading: " + in.count + " of " + bomb.length);
    }

    /**
     * Memory stays flat through 100 MB of decompressed rows read to the end (the limits set out of the way): the heap in
     * use after a collection, sampled every 250,000 rows, never grows by more than 32 MB over its first sample.
     */
    @Test
    void aLargeFileIsReadInFlatMemory() throws Exception {
        byte[] message = bouncyCastleMessage(project, CompressionAlgorithmTags.ZLIB, 100L << 20, true);
        Runtime runtime = Runtime.getRuntime();
        List<Long> used = new ArrayList<>();
        CardFileSummary summary = CardFileReader.read(new ByteArrayInputStream(message), projectKeys(),
                new CardFileLimits(1L << 30, CardFileLimits.DEFAULT_MAX_ROWS, 1L << 30), 1, row -> {
                    if (row.number() % 250_000 == 1) {
                        System.gc();
                        used.add(runtime.totalMemory() - runtime.freeMemory());
                    }
                });
        assertTrue(summary.expandedBytes() > 100_000_000L, "" + summary.expandedBytes());
        assertTrue(used.size() >= 9, "" + used);
        long growth = used.stream().mapToLong(Long::longValue).max().orElseThrow() - used.get(0);
        assertTrue(growth < 32L << 20, "heap grew by " + growth + " bytes: " + used);
    }

    @Test
    void aCompressionBombStopsAtOneHundredTimesTheMessageSize() throws Exception {
        byte[] bomb = bouncyCastleMessage(project, CompressionAlgorithmTags.ZLIB, 200L << 20, true);
        long[] rows = {0};
        CardFileException failure = assertThrows(CardFileException.class, () -> CardFileReader.read(
                new ByteArrayInputStream(bomb), projectKeys(), CardFileLimits.defaults(bomb.length), 1, row -> rows[0]++));
        assertEquals(Reason.EXPANSION, failure.reason());
        assertTrue(failure.getMessage().contains("100 times the message's size"), failure.getMessage());
        assertTrue(rows[0] * BOMB_ROW.length() <= 100L * bomb.length);
    }

    // --- the CSV ---

    @Test
    void aSecurityCodeColumnFailsTheFileBeforeAnyRowWhateverItsSpelling() throws Exception {
        for (String column : List.of("cvv", "CVC", "cvv2", "Cvc_2", "security-code", "securityCode")) {
            List<CardRow> seen = new ArrayList<>();
            byte[] message = encrypt(HEADER + "," + column + "\nr-1,4111111111111111,12,2030,Jane,Paris,123\n");
            CardFileException failure = assertThrows(CardFileException.class, () -> CardFileReader.read(
                    new ByteArrayInputStream(message), projectKeys(), CardFileLimits.defaults(0), 1, seen::add));
            assertEquals(Reason.HEADER, failure.reason(), column);
            assertTrue(failure.getMessage().startsWith("the header names a card security code column (" + column + ")"),
                    failure.getMessage());
            assertEquals(List.of(), seen, "no row before the failure");
        }
    }

    @Test
    void unknownColumnsFailNamingThem() {
        CardFileException failure = fails(encrypt(HEADER + ",pin,note\nr-1,4111111111111111,12,2030,Jane,Paris,1,x\n"),
                projectKeys());
        assertEquals(Reason.HEADER, failure.reason());
        assertEquals("unknown columns: \"pin\", \"note\"", failure.getMessage());
    }

    @Test
    void aFileWithoutHeaderFailsWithoutQuotingItsFirstCard() {
        CardFileException failure = fails(encrypt("r-1,4111111111111111,12,2030,Jane Roe\n"), projectKeys());
        assertEquals(Reason.HEADER, failure.reason());
        assertTrue(failure.getMessage().startsWith("no header"), failure.getMessage());
        assertFalse(failure.getMessage().contains("4111"));
        assertEquals(Reason.HEADER, fails(encrypt(""), projectKeys()).reason());
    }

    @Test
    void anUnknownColumnThatHoldsACardNumberIsNotQuotedWithIt() {
        CardFileException failure = fails(encrypt(HEADER + ",4111111111111111\n"), projectKeys());
        assertEquals("unknown columns: \"#\"", failure.getMessage());
    }

    @Test
    void aMissingRequiredColumnFails() {
        CardFileException failure = fails(encrypt("reference,cardNumber,expirationMonth,expirationYear\n"), projectKeys());
        assertEquals(Reason.HEADER, failure.reason());
        assertEquals("required columns missing: cardholderName", failure.getMessage());
    }

    @Test
    void aLineOf100KibFailsTheFile() {
        String longLine = "r-2,4111111111111111,12,2030,Jane," + "x".repeat(100 * 1024) + "\n";
        CardFileException failure = fails(encrypt(HEADER + "\nr-1,4111111111111111,12,2030,Jane,Paris\n" + longLine,
                "--compress-algo", "none"), projectKeys());
        assertEquals(Reason.LINE_TOO_LONG, failure.reason());
        assertEquals("a line longer than 64 KiB", failure.getMessage());
    }

    @Test
    void aLineOfJust64KibIsRead() throws Exception {
        String prefix = "r-1,4111111111111111,12,2030,Jane,";
        String line = prefix + "x".repeat(64 * 1024 - prefix.length());
        Read read = read(encrypt(HEADER + "\n" + line + "\r\n", "--compress-algo", "none"), projectKeys());
        assertEquals(1, read.summary.rows());
    }

    @Test
    void moreRowsThanTheLimitFail() {
        byte[] message = encrypt(CARDS);
        CardFileException failure = assertThrows(CardFileException.class, () -> CardFileReader.read(
                new ByteArrayInputStream(message), projectKeys(), new CardFileLimits(1 << 20, 2, 0), 1, RowSink.ignoring()));
        assertEquals(Reason.TOO_MANY_ROWS, failure.reason());
        assertEquals("more than 2 rows", failure.getMessage());
    }

    @Test
    void rowsThatCannotBeReadAreBadRowsAndTheFileGoesOn() throws Exception {
        ByteArrayOutputStream csv = new ByteArrayOutputStream();
        csv.writeBytes(utf8(HEADER + "\nr-1,4111111111111111,12,2030,Jane,Paris\n"));
        csv.writeBytes(utf8("r-2,5555555555554444,12,2030,J"));
        csv.writeBytes(new byte[] {(byte) 0xff, (byte) 0xfe});
        csv.writeBytes(utf8(",Paris\nr-3,4111111111111111,12\n=cmd,4111111111111111,12,2030,Jane,Paris\n"
                + "r-5,378282246310005,6,2032,Zoë,Köln\nr-6,4111111111111111,12,2030,Ja\0ne,Paris\n"));
        Read read = read(encrypt(csv.toByteArray()), projectKeys());
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L, 6L), read.numbers());
        assertEquals("a cell holds a NUL character", read.rows.get(5).problem());
        assertFalse(read.rows.get(0).bad());
        assertEquals("not UTF-8 text", read.rows.get(1).problem());
        assertEquals(Map.of(), read.rows.get(1).cells());
        assertEquals("3 cells where the header has 6", read.rows.get(2).problem());
        assertEquals("reference: must not start with =, +, - or @", read.rows.get(3).problem());
        assertEquals("Köln", read.rows.get(4).cells().get("city"));
        assertTrue(read.rows.stream().filter(CardRow::bad).noneMatch(r -> r.problem().matches(".*\\d{6,}.*")));
    }

    @Test
    void referencesAreOneTo64PrintableCharactersNotStartingAsAFormula() {
        assertNull(CardRow.referenceProblem("merchant-42/ä"));
        assertNull(CardRow.referenceProblem("x".repeat(64)));
        assertEquals("reference: at most 64 characters", CardRow.referenceProblem("x".repeat(65)));
        assertEquals("reference: required", CardRow.referenceProblem(""));
        assertEquals("reference: printable characters only", CardRow.referenceProblem("a\tb"));
        for (String start : List.of("=", "+", "-", "@")) {
            assertEquals("reference: must not start with =, +, - or @", CardRow.referenceProblem(start + "1"));
        }
    }

    // --- the caller's failures stay the caller's ---

    @Test
    void aSinkFailureAndAStreamFailureComeOutUnchanged() {
        byte[] message = encrypt(CARDS);
        IllegalStateException sinkFailure = new IllegalStateException("sink");
        assertSame(sinkFailure, assertThrows(IllegalStateException.class, () -> CardFileReader.read(
                new ByteArrayInputStream(message), projectKeys(), CardFileLimits.defaults(0), 1, row -> {
                    throw sinkFailure;
                })));
        IOException streamFailure = new IOException("database");
        InputStream failing = new FilterInputStream(new ByteArrayInputStream(message)) {
            int reads;

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                if (++reads > 2) {
                    throw streamFailure;
                }
                return super.read(b, off, Math.min(len, 64));
            }
        };
        assertSame(streamFailure, assertThrows(IOException.class, () -> CardFileReader.read(failing, projectKeys(),
                CardFileLimits.defaults(0), 1, RowSink.ignoring())));
    }

    // --- helpers ---

    private static final String BOMB_ROW = "r-1,4111111111111111,12,2030,Jane Roe,Paris\n";

    private record Read(CardFileSummary summary, List<CardRow> rows) {
        List<Long> numbers() {
            return rows.stream().map(CardRow::number).toList();
        }
    }

    /** The decompressed content: the CSV, and for a compressed message the literal packet's few header bytes. */
    private static void assertExpandedSize(CardFileSummary summary) {
        int csv = CARDS.getBytes(StandardCharsets.UTF_8).length;
        assertTrue(summary.expandedBytes() >= csv && summary.expandedBytes() <= csv + 32, "" + summary.expandedBytes());
    }

    private static Read read(byte[] message, CardFileKeys keys) throws IOException {
        return read(message, keys, CardFileLimits.defaults(message.length), 1);
    }

    private static Read read(byte[] message, CardFileKeys keys, CardFileLimits limits, long fromRow) throws IOException {
        List<CardRow> rows = new ArrayList<>();
        CardFileSummary summary = CardFileReader.read(new ByteArrayInputStream(message), keys, limits, fromRow, rows::add);
        return new Read(summary, rows);
    }

    private static CardFileException fails(byte[] message, CardFileKeys keys) {
        return assertThrows(CardFileException.class, () -> read(message, keys));
    }

    private static byte[] encrypt(String csv, String... options) {
        return encrypt(utf8(csv), options);
    }

    private static byte[] encrypt(byte[] csv, String... options) {
        List<String> args = new ArrayList<>(List.of("--encrypt", "-r", "project-cards"));
        args.addAll(List.of(options));
        return gpg.ok(csv, args.toArray(String[]::new));
    }

    private static CardFileKeys projectKeys() {
        return new CardFileKeys(id -> holding(project, id, "key-project"), List.of());
    }

    private static CardFileKeys legacyKeys() {
        return new CardFileKeys(id -> holding(legacy, id, "key-legacy"), List.of());
    }

    private static CardFileKeys signedKeys() {
        return new CardFileKeys(projectKeys().decryption(),
                List.of(new CardFileKeys.Signer("signer-1", signer.armoredPublicRing())));
    }

    private static Optional<CardFileKeys.DecryptionKey> holding(FileKeyRings.Rings rings, long keyId, String id) {
        try {
            PGPSecretKeyRing ring = new PGPSecretKeyRing(rings.secretRing(), new BcKeyFingerprintCalculator());
            return ring.getSecretKey(keyId) == null ? Optional.empty()
                    : Optional.of(new CardFileKeys.DecryptionKey(id, rings.secretRing()));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static long encryptionKeyId(FileKeyRings.Rings rings) throws IOException {
        return encryptionKey(rings).getKeyID();
    }

    private static PGPPublicKey encryptionKey(FileKeyRings.Rings rings) throws IOException {
        PGPPublicKeyRing ring = new PGPPublicKeyRing(PGPUtil.getDecoderStream(new ByteArrayInputStream(rings.publicRing())),
                new BcKeyFingerprintCalculator());
        List<PGPPublicKey> keys = new ArrayList<>();
        ring.getPublicKeys().forEachRemaining(keys::add);
        return keys.stream().filter(k -> !k.isMasterKey() && k.isEncryptionKey()).findFirst().orElseThrow();
    }

    private static String manyCards(int rows) {
        StringBuilder csv = new StringBuilder(HEADER).append('\n');
        for (int i = 1; i <= rows; i++) {
            csv.append("r-").append(i).append(",4111111111111111,12,2030,Jane Roe,Paris\n");
        }
        return csv.toString();
    }

    /**
     * A message written by BouncyCastle: AES-256 to the key's encryption subkey, with or without integrity protection,
     * perhaps compressed, a header then rows of {@link #BOMB_ROW} up to {@code bytes} (0: a few rows), and for the
     * uncompressed case with integrity a one-pass signature by the signer made over other content.
     */
    private static byte[] bouncyCastleMessage(FileKeyRings.Rings to, int compression, long bytes, boolean integrity)
            throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PGPEncryptedDataGenerator encryption = new PGPEncryptedDataGenerator(
                new BcPGPDataEncryptorBuilder(SymmetricKeyAlgorithmTags.AES_256).setWithIntegrityPacket(integrity)
                        .setSecureRandom(new SecureRandom()));
        encryption.addMethod(new BcPublicKeyKeyEncryptionMethodGenerator(encryptionKey(to)));
        boolean forgedSignature = compression == CompressionAlgorithmTags.UNCOMPRESSED && integrity;
        try (OutputStream encrypted = encryption.open(out, new byte[1 << 16])) {
            PGPCompressedDataGenerator compressor = new PGPCompressedDataGenerator(compression, 9);
            OutputStream inner = compression == CompressionAlgorithmTags.UNCOMPRESSED ? encrypted : compressor.open(encrypted);
            if (forgedSignature) {
                writeSigned(inner, signer.secretRing(), utf8(CARDS), utf8(CARDS.replace("r-1", "r-9")));
            } else {
                PGPLiteralDataGenerator literal = new PGPLiteralDataGenerator();
                try (OutputStream data = literal.open(inner, PGPLiteralData.BINARY, "cards.csv", new Date(), new byte[1 << 16])) {
                    data.write(utf8(HEADER + "\n"));
                    byte[] row = utf8(BOMB_ROW);
                    byte[] block = utf8(BOMB_ROW.repeat(1000));
                    long written = 0;
                    while (written + block.length <= bytes) {
                        data.write(block);
                        written += block.length;
                    }
                    if (bytes == 0) {
                        data.write(row);
                    }
                }
            }
            if (compression != CompressionAlgorithmTags.UNCOMPRESSED) {
                compressor.close();
            }
        }
        return out.toByteArray();
    }

    /** A one-pass signed literal packet holding {@code content} whose signature is made over {@code signed}. */
    private static void writeSigned(OutputStream out, byte[] secretRing, byte[] content, byte[] signed) throws Exception {
        PGPSecretKey key = new PGPSecretKeyRing(secretRing, new BcKeyFingerprintCalculator()).getSecretKey();
        PGPSignatureGenerator signature = new PGPSignatureGenerator(
                new BcPGPContentSignerBuilder(key.getPublicKey().getAlgorithm(), HashAlgorithmTags.SHA256), key.getPublicKey());
        signature.init(PGPSignature.BINARY_DOCUMENT, key.extractPrivateKey(null));
        signature.generateOnePassVersion(false).encode(out);
        try (OutputStream data = new PGPLiteralDataGenerator().open(out, PGPLiteralData.BINARY, "cards.csv", new Date(),
                new byte[1 << 16])) {
            data.write(content);
        }
        signature.update(signed);
        signature.generate().encode(out);
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static final class CountingStream extends FilterInputStream {
        long count;

        CountingStream(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            count += b < 0 ? 0 : 1;
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            count += Math.max(n, 0);
            return n;
        }
    }
}
