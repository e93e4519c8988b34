package com.paycore.cardfile;

import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.bouncycastle.bcpg.SymmetricKeyAlgorithmTags;
import org.bouncycastle.openpgp.PGPCompressedData;
import org.bouncycastle.openpgp.PGPEncryptedData;
import org.bouncycastle.openpgp.PGPEncryptedDataList;
import org.bouncycastle.openpgp.PGPException;
import org.bouncycastle.openpgp.PGPLiteralData;
import org.bouncycastle.openpgp.PGPMarker;
import org.bouncycastle.openpgp.PGPOnePassSignature;
import org.bouncycastle.openpgp.PGPOnePassSignatureList;
import org.bouncycastle.openpgp.PGPPBEEncryptedData;
import org.bouncycastle.openpgp.PGPPrivateKey;
import org.bouncycastle.openpgp.PGPPublicKey;
import org.bouncycastle.openpgp.PGPPublicKeyEncryptedData;
import org.bouncycastle.openpgp.PGPPublicKeyRing;
import org.bouncycastle.openpgp.PGPSecretKey;
import org.bouncycastle.openpgp.PGPSecretKeyRing;
import org.bouncycastle.openpgp.PGPSessionKey;
import org.bouncycastle.openpgp.PGPSignature;
import org.bouncycastle.openpgp.PGPSignatureList;
import org.bouncycastle.openpgp.PGPUtil;
import org.bouncycastle.openpgp.bc.BcPGPObjectFactory;
import org.bouncycastle.openpgp.operator.bc.BcKeyFingerprintCalculator;
import org.bouncycastle.openpgp.operator.bc.BcPGPContentVerifierBuilderProvider;
import org.bouncycastle.openpgp.operator.bc.BcPublicKeyDataDecryptorFactory;
import org.bouncycastle.openpgp.operator.bc.BcSessionKeyDataDecryptorFactory;

import com.paycore.cardfile.CardFileException.Reason;
import com.paycore.platform.input.CountedInputStream;

/**
 * Reads one card file: an OpenPGP message (binary or ASCII-armored) encrypted to a FileContentPGPKey, holding, perhaps
 * compressed and one-pass signed, a UTF-8 CSV card book. The message is read as a stream, once, front to back: memory
 * stays at a few buffers and one CSV row whatever the file's size. Whole-file failures (DESIGN.md section 13) are
 * {@link CardFileException}s; a row that cannot be read (bytes that are not UTF-8, a wrong number of cells, a bad
 * reference) is a bad row given to the sink, and reading goes on.
 *
 * <p>Order of the checks: the key the message names (asked of the caller before anything is decrypted), the cipher
 * (AES only) and the integrity protection, the signature's signer, the header before any row, the limits while
 * reading, and at the end the signature and the modification detection code. Rows reach the sink before those last
 * two checks: the same method serves a first pass that verifies the file (with {@link RowSink#ignoring()}) and, once
 * that pass returned, a second one that acts on the rows, from a given row on.
 *
 * <p>BouncyCastle through its lightweight API only (no JCA provider is registered or looked up); its classes load with
 * the first file read.
 */
final class CardFileReader {

    private CardFileReader() {
    }

    /**
     * Reads a whole message and gives the sink every row numbered {@code fromRow} or more (1 = every row).
     *
     * @return the file's summary, once everything verified
     * @throws CardFileException when the file fails as a whole
     * @throws IOException when the message itself could not be read from {@code message} (not the file's fault)
     */
    public static CardFileSummary read(InputStream message, CardFileKeys keys, CardFileLimits limits, long fromRow,
            RowSink sink) throws IOException {
        Source source = new Source(message);
        Reading reading = new Reading(keys, limits, fromRow, sink);
        try {
            return reading.read(source);
        } catch (CallerFailure e) {
            throw e.getCause();
        } catch (CardFileException e) {
            throw e;
        } catch (IOException | PGPException | RuntimeException e) {
            if (source.failure != null) {
                throw source.failure;
            }
            if (!reading.decrypting) {
                throw new CardFileException(Reason.NOT_OPENPGP, "not an OpenPGP message");
            }
            throw new CardFileException(Reason.INTEGRITY, e instanceof EOFException
                    ? "the message is truncated: it ends before its data does"
                    : "the message is damaged or truncated: it does not decrypt to a complete OpenPGP message");
        }
    }

    /** One read of one message. */
    private static final class Reading {
        private final CardFileKeys keys;
        private final CardFileLimits limits;
        private final long fromRow;
        private final RowSink sink;
        private final Utf8 utf8 = new Utf8();
        private boolean decrypting;

        Reading(CardFileKeys keys, CardFileLimits limits, long fromRow, RowSink sink) {
            this.keys = keys;
            this.limits = limits;
            this.fromRow = fromRow;
            this.sink = sink;
        }

        CardFileSummary read(Source source) throws IOException, PGPException {
            CountedInputStream binary = new CountedInputStream(PGPUtil.getDecoderStream(source));
            Object first = next(new BcPGPObjectFactory(binary));
            if (first == null) {
                throw new CardFileException(Reason.NOT_OPENPGP, "not an OpenPGP message");
            }
            if (!(first instanceof PGPEncryptedDataList list)) {
                throw notForThisProject(" (the message is not encrypted)");
            }
            PGPPublicKeyEncryptedData encrypted = null;
            CardFileKeys.DecryptionKey key = null;
            boolean passwordOnly = !list.isEmpty();
            for (PGPEncryptedData candidate : list) {
                if (candidate instanceof PGPPublicKeyEncryptedData publicKeyData) {
                    passwordOnly = false;
                    Optional<CardFileKeys.DecryptionKey> found;
                    try {
                        found = keys.decryption().find(publicKeyData.getKeyID());
                    } catch (RuntimeException e) {
                        throw new CallerFailure(e);
                    }
                    if (found.isPresent()) {
                        encrypted = publicKeyData;
                        key = found.get();
                        break;
                    }
                } else if (!(candidate instanceof PGPPBEEncryptedData)) {
                    passwordOnly = false;
                }
            }
            if (encrypted == null) {
                throw notForThisProject(passwordOnly ? " (it is encrypted with a password)" : "");
            }
            PGPPrivateKey privateKey = privateKey(key, encrypted.getKeyID());

            decrypting = true;
            PGPSessionKey sessionKey;
            try {
                sessionKey = encrypted.getSessionKey(new BcPublicKeyDataDecryptorFactory(privateKey));
            } catch (PGPException e) {
                throw new CardFileException(Reason.INTEGRITY,
                        "the message's session key does not decrypt with the key it names");
            }
            String cipher = cipherName(sessionKey.getAlgorithm());
            if (!cipher.startsWith("AES")) {
                throw new CardFileException(Reason.CIPHER,
                        "encrypted with " + cipher + ": only AES-128, AES-192 and AES-256 are accepted");
            }
            if (!encrypted.isIntegrityProtected()) {
                throw new CardFileException(Reason.INTEGRITY,
                        "not integrity protected: the message has no modification detection code");
            }
            InputStream clear = encrypted.getDataStream(new BcSessionKeyDataDecryptorFactory(sessionKey));
            Expansion expansion = new Expansion(limits, binary);
            Content content = content(clear, expansion);
            drain(clear);
            if (!encrypted.verify()) {
                throw new CardFileException(Reason.INTEGRITY,
                        "the modification detection code does not match: the message was modified");
            }
            return new CardFileSummary(key.id(), cipher, content.signerId(), content.rows(), expansion.total,
                    content.columns());
        }

        private record Content(String signerId, long rows, List<String> columns) {
        }

        /** The decrypted packets: perhaps compressed, perhaps one-pass signed, one literal data packet. */
        private Content content(InputStream clear, Expansion expansion) throws IOException, PGPException {
            BcPGPObjectFactory packets = new BcPGPObjectFactory(clear);
            Object next = next(packets);
            boolean compressed = next instanceof PGPCompressedData;
            if (compressed) {
                packets = new BcPGPObjectFactory(expansion.counted(((PGPCompressedData) next).getDataStream()));
                next = next(packets);
            }
            PGPOnePassSignature onePass = null;
            CardFileKeys.Signer signer = null;
            PGPPublicKey signingKey = null;
            if (next instanceof PGPOnePassSignatureList onePassList) {
                if (!keys.signers().isEmpty()) {
                    for (PGPOnePassSignature candidate : onePassList) {
                        for (CardFileKeys.Signer s : keys.signers()) {
                            PGPPublicKey k = publicRing(s).getPublicKey(candidate.getKeyID());
                            if (k != null && onePass == null) {
                                onePass = candidate;
                                signer = s;
                                signingKey = k;
                            }
                        }
                    }
                    if (onePass == null) {
                        throw new CardFileException(Reason.SIGNATURE, "signed by a key that is not a signer of this project");
                    }
                    onePass.init(new BcPGPContentVerifierBuilderProvider(), signingKey);
                }
                next = next(packets);
            } else if (next instanceof PGPSignatureList && !keys.signers().isEmpty()) {
                throw new CardFileException(Reason.SIGNATURE,
                        "the signature comes before the data: a one-pass signed message is required");
            } else if (next instanceof PGPSignatureList) {
                next = next(packets);
            }
            if (!(next instanceof PGPLiteralData literal)) {
                throw new CardFileException(Reason.INTEGRITY, "the message holds no literal data");
            }
            if (onePass == null && !keys.signers().isEmpty()) {
                throw new CardFileException(Reason.SIGNATURE,
                        "not signed: this project's files must be signed by one of its signers");
            }
            InputStream data = literal.getInputStream();
            if (!compressed) {
                data = expansion.counted(data);
            }
            if (onePass != null) {
                data = new Signed(data, onePass);
            }
            Rows rows = rows(data);
            drain(data);
            if (onePass != null) {
                verify(onePass, next(packets));
            }
            return new Content(signer == null ? null : signer.id(), rows.count(), rows.columns());
        }

        private record Rows(long count, List<String> columns) {
        }

        /** The CSV: the header first (its failures before any row), then every row, numbered from 1. */
        private Rows rows(InputStream data) throws IOException {
            CsvRecords records = new CsvRecords(data);
            CsvRecords.Record header = records.next();
            if (header == null) {
                throw new CardFileException(Reason.HEADER, "no header: the file holds no line");
            }
            List<String> names = new ArrayList<>();
            for (byte[] cell : header.cells()) {
                String name = utf8.decode(cell);
                if (name == null) {
                    throw new CardFileException(Reason.HEADER, "the header is not UTF-8 text");
                }
                names.add(name);
            }
            List<String> columns = CardColumns.header(names);
            long number = 0;
            for (CsvRecords.Record record = records.next(); record != null; record = records.next()) {
                number++;
                if (number > limits.maxRows()) {
                    throw new CardFileException(Reason.TOO_MANY_ROWS, "more than " + limits.maxRows() + " rows");
                }
                if (number >= fromRow && sink != RowSink.IGNORING) {
                    CardRow row = row(number, columns, record);
                    try {
                        sink.row(row);
                    } catch (RuntimeException e) {
                        throw new CallerFailure(e);
                    }
                }
            }
            return new Rows(number, columns);
        }

        private CardRow row(long number, List<String> columns, CsvRecords.Record record) {
            if (record.unterminatedQuote()) {
                return new CardRow(number, null, "a quoted cell is not closed");
            }
            if (record.cells().size() != columns.size()) {
                return new CardRow(number, null,
                        record.cells().size() + " cells where the header has " + columns.size());
            }
            Map<String, String> cells = new LinkedHashMap<>();
            for (int i = 0; i < columns.size(); i++) {
                String value = utf8.decode(record.cells().get(i));
                if (value == null) {
                    return new CardRow(number, null, "not UTF-8 text");
                }
                if (value.indexOf('\0') >= 0) {
                    return new CardRow(number, null, "a cell holds a NUL character"); // no text column can keep one
                }
                cells.put(columns.get(i), value);
            }
            return new CardRow(number, cells, CardRow.referenceProblem(cells.get("reference")));
        }

        private void verify(PGPOnePassSignature onePass, Object trailer) throws PGPException {
            if (trailer instanceof PGPSignatureList signatures) {
                for (PGPSignature signature : signatures) {
                    if (signature.getKeyID() == onePass.getKeyID()) {
                        if (!onePass.verify(signature)) {
                            throw new CardFileException(Reason.SIGNATURE, "the signature does not verify");
                        }
                        return;
                    }
                }
            }
            throw new CardFileException(Reason.SIGNATURE, "the signature announced before the data is missing after it");
        }

        private PGPPrivateKey privateKey(CardFileKeys.DecryptionKey key, long keyId) throws IOException, PGPException {
            PGPSecretKey secret = new PGPSecretKeyRing(key.secretRing(), new BcKeyFingerprintCalculator()).getSecretKey(keyId);
            if (secret == null) {
                throw new CallerFailure(new IllegalArgumentException(
                        "the decryption key found holds no key with the id asked for"));
            }
            try {
                return secret.extractPrivateKey(null);
            } catch (PGPException e) {
                throw new CallerFailure(new IllegalArgumentException("the decryption key's secret ring is protected"));
            }
        }

        private static PGPPublicKeyRing publicRing(CardFileKeys.Signer signer) throws IOException {
            try (InputStream in = PGPUtil.getDecoderStream(new ByteArrayInputStream(
                    signer.armoredPublicKey().getBytes(StandardCharsets.US_ASCII)))) {
                return new PGPPublicKeyRing(in, new BcKeyFingerprintCalculator());
            }
        }

        private static CardFileException notForThisProject(String detail) {
            return new CardFileException(Reason.NOT_FOR_THIS_PROJECT,
                    "not encrypted to an active FileContentPGPKey of this project" + detail);
        }
    }

    /** The next object that is not a marker packet (RFC 4880 5.8: ignored), or null at the end. */
    private static Object next(BcPGPObjectFactory packets) throws IOException {
        Object next = packets.nextObject();
        while (next instanceof PGPMarker) {
            next = packets.nextObject();
        }
        return next;
    }

    private static void drain(InputStream in) throws IOException {
        byte[] buffer = new byte[16 * 1024];
        while (in.read(buffer) >= 0) {
            // read to the end: the modification detection code covers every byte
        }
    }

    /** Strict UTF-8 decoding, one decoder for a whole read. */
    private static final class Utf8 {
        private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);

        /** The text, or null when the bytes are not UTF-8. */
        String decode(byte[] bytes) {
            try {
                return decoder.reset().decode(ByteBuffer.wrap(bytes)).toString();
            } catch (CharacterCodingException e) {
                return null;
            }
        }
    }

    static String cipherName(int algorithm) {
        return switch (algorithm) {
            case SymmetricKeyAlgorithmTags.AES_128 -> "AES-128";
            case SymmetricKeyAlgorithmTags.AES_192 -> "AES-192";
            case SymmetricKeyAlgorithmTags.AES_256 -> "AES-256";
            case SymmetricKeyAlgorithmTags.TRIPLE_DES -> "3DES";
            case SymmetricKeyAlgorithmTags.CAST5 -> "CAST5";
            case SymmetricKeyAlgorithmTags.IDEA -> "IDEA";
            case SymmetricKeyAlgorithmTags.BLOWFISH -> "Blowfish";
            case SymmetricKeyAlgorithmTags.TWOFISH -> "Twofish";
            case SymmetricKeyAlgorithmTags.CAMELLIA_128, SymmetricKeyAlgorithmTags.CAMELLIA_192,
                    SymmetricKeyAlgorithmTags.CAMELLIA_256 -> "Camellia";
            default -> "symmetric algorithm " + algorithm;
        };
    }

    /** The caller's stream; remembers its own failure, which is not the file's. */
    private static final class Source extends FilterInputStream {
        IOException failure;

        Source(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            try {
                return super.read();
            } catch (IOException e) {
                failure = e;
                throw e;
            }
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            try {
                return super.read(b, off, len);
            } catch (IOException e) {
                failure = e;
                throw e;
            }
        }
    }

    /**
     * The decrypted, decompressed size, checked on every read against the limit and against 100 times the binary
     * message (its known size or the part read so far, whichever is larger): a compression bomb stops at the limit.
     */
    private static final class Expansion {
        private final CardFileLimits limits;
        private final CountedInputStream binary;
        long total;

        Expansion(CardFileLimits limits, CountedInputStream binary) {
            this.limits = limits;
            this.binary = binary;
        }

        InputStream counted(InputStream in) {
            return new CountedInputStream(in) {
                @Override
                protected void counted(int n) {
                    super.counted(n);
                    add(n);
                }
            };
        }

        private void add(int n) {
            total += n;
            if (total > limits.maxExpandedBytes()) {
                throw new CardFileException(Reason.EXPANSION,
                        "the decompressed content exceeds " + limits.maxExpandedBytes() + " bytes");
            }
            long messageSize = Math.max(limits.messageBytes(), binary.count());
            if (total > CardFileLimits.EXPANSION_RATIO * messageSize) {
                throw new CardFileException(Reason.EXPANSION, "the decompressed content exceeds "
                        + CardFileLimits.EXPANSION_RATIO + " times the message's size (a compression bomb)");
            }
        }
    }

    /** Feeds the one-pass signature with the literal data as it is read. */
    private static final class Signed extends FilterInputStream {
        private final PGPOnePassSignature signature;

        Signed(InputStream in, PGPOnePassSignature signature) {
            super(in);
            this.signature = signature;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                signature.update((byte) b);
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) {
                signature.update(b, off, n);
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            byte[] buffer = new byte[(int) Math.min(n, 8192)];
            int read = read(buffer, 0, buffer.length);
            return Math.max(read, 0);
        }
    }

    /** A failure of the caller's code (its key lookup, its sink), carried out unchanged. */
    private static final class CallerFailure extends RuntimeException {
        CallerFailure(RuntimeException cause) {
            super(cause);
        }

        @Override
        public synchronized RuntimeException getCause() {
            return (RuntimeException) super.getCause();
        }
    }
}
