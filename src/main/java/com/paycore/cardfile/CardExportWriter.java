package com.paycore.cardfile;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.Date;

import org.bouncycastle.bcpg.CompressionAlgorithmTags;
import org.bouncycastle.bcpg.HashAlgorithmTags;
import org.bouncycastle.bcpg.SymmetricKeyAlgorithmTags;
import org.bouncycastle.openpgp.PGPCompressedDataGenerator;
import org.bouncycastle.openpgp.PGPEncryptedDataGenerator;
import org.bouncycastle.openpgp.PGPException;
import org.bouncycastle.openpgp.PGPLiteralData;
import org.bouncycastle.openpgp.PGPLiteralDataGenerator;
import org.bouncycastle.openpgp.PGPPrivateKey;
import org.bouncycastle.openpgp.PGPPublicKey;
import org.bouncycastle.openpgp.PGPSecretKey;
import org.bouncycastle.openpgp.PGPSecretKeyRing;
import org.bouncycastle.openpgp.PGPSignature;
import org.bouncycastle.openpgp.PGPSignatureGenerator;
import org.bouncycastle.openpgp.operator.bc.BcKeyFingerprintCalculator;
import org.bouncycastle.openpgp.operator.bc.BcPGPContentSignerBuilder;
import org.bouncycastle.openpgp.operator.bc.BcPGPDataEncryptorBuilder;
import org.bouncycastle.openpgp.operator.bc.BcPublicKeyKeyEncryptionMethodGenerator;

/**
 * Writes one OpenPGP message as a stream, with BouncyCastle's lightweight API only (no JCA provider): encrypted to the
 * recipient's key with AES-256 in an integrity-protected (MDC) packet, compressed with ZLIB, one-pass signed (SHA-256)
 * by a FileContentPGPKey's primary key, the content one binary literal data packet ({@code gpg --decrypt} shows it and
 * checks the signature). Each layer writes partial-length packets through a fixed buffer, so nothing is held whole.
 *
 * <p>Use: {@link #open}, write the content to {@link #content()}, then {@link #finish()} (the signature and the
 * packets' ends); the sink is not closed.
 */
final class CardExportWriter {

    static final String FILE_NAME = "cards.csv";
    private static final int BUFFER = 1 << 16;

    private final PGPEncryptedDataGenerator encryption;
    private final PGPCompressedDataGenerator compression;
    private final PGPLiteralDataGenerator literal;
    private final PGPSignatureGenerator signature;
    private final OutputStream compressed;
    private final OutputStream content;
    private boolean finished;

    private CardExportWriter(OutputStream sink, PGPPublicKey recipient, byte[] signerSecretRing, Instant now)
            throws IOException, PGPException {
        PGPSecretKey signingSecret = new PGPSecretKeyRing(signerSecretRing, new BcKeyFingerprintCalculator()).getSecretKey();
        PGPPrivateKey signingKey = signingSecret.extractPrivateKey(null); // the ring is sealed at rest, not by a passphrase
        PGPPublicKey signingPublic = signingSecret.getPublicKey();
        SecureRandom random = new SecureRandom();

        encryption = new PGPEncryptedDataGenerator(new BcPGPDataEncryptorBuilder(SymmetricKeyAlgorithmTags.AES_256)
                .setWithIntegrityPacket(true).setSecureRandom(random));
        encryption.addMethod(new BcPublicKeyKeyEncryptionMethodGenerator(recipient).setSecureRandom(random));
        OutputStream encrypted = encryption.open(sink, new byte[BUFFER]);
        compression = new PGPCompressedDataGenerator(CompressionAlgorithmTags.ZLIB);
        compressed = compression.open(encrypted, new byte[BUFFER]);

        signature = new PGPSignatureGenerator(new BcPGPContentSignerBuilder(signingPublic.getAlgorithm(),
                HashAlgorithmTags.SHA256), signingPublic);
        signature.init(PGPSignature.BINARY_DOCUMENT, signingKey);
        signature.generateOnePassVersion(false).encode(compressed);

        literal = new PGPLiteralDataGenerator();
        OutputStream data = literal.open(compressed, PGPLiteralData.BINARY, FILE_NAME, Date.from(now), new byte[BUFFER]);
        content = new FilterOutputStream(data) {
            @Override
            public void write(int b) throws IOException {
                signature.update((byte) b);
                out.write(b);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                signature.update(b, off, len);
                out.write(b, off, len);
            }

            @Override
            public void close() {
                // ended by finish(), which writes the signature after the data
            }
        };
    }

    /**
     * Starts a message into {@code sink}.
     *
     * @param signerSecretRing a FileContentPGPKey's binary, unprotected secret ring; its primary key signs
     */
    static CardExportWriter open(OutputStream sink, PGPPublicKey recipient, byte[] signerSecretRing, Instant now)
            throws IOException {
        try {
            return new CardExportWriter(sink, recipient, signerSecretRing, now);
        } catch (PGPException e) {
            throw new IOException("the OpenPGP message could not be started", e);
        }
    }

    /** Where the content (the CSV) goes; every byte is signed as it passes. */
    OutputStream content() {
        return content;
    }

    /** Ends the literal data, writes the signature, and ends the compressed and encrypted packets (the MDC). */
    void finish() throws IOException {
        if (finished) {
            return;
        }
        finished = true;
        literal.close();
        try {
            signature.generate().encode(compressed);
        } catch (PGPException e) {
            throw new IOException("the export could not be signed", e);
        }
        compression.close();
        encryption.close();
    }
}
