package com.paycore.cardfile;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

import org.bouncycastle.bcpg.ArmoredInputStream;
import org.bouncycastle.bcpg.PublicKeyAlgorithmTags;
import org.bouncycastle.bcpg.sig.KeyFlags;
import org.bouncycastle.openpgp.PGPException;
import org.bouncycastle.openpgp.PGPPublicKey;
import org.bouncycastle.openpgp.PGPPublicKeyRing;
import org.bouncycastle.openpgp.PGPSecretKeyRing;
import org.bouncycastle.openpgp.PGPSignature;
import org.bouncycastle.openpgp.PGPSignatureSubpacketVector;
import org.bouncycastle.openpgp.bc.BcPGPObjectFactory;
import org.bouncycastle.openpgp.operator.bc.BcPGPContentVerifierBuilderProvider;
import org.bouncycastle.util.encoders.Hex;

import com.paycore.platform.web.AppException;

/**
 * Reads the recipient key of a card export as given by a caller (hostile input): an ASCII-armored OpenPGP version 4
 * public key ring that can encrypt now, that is a key or subkey whose newest verified self-signature (or binding) gives
 * it an encryption flag, with an encryption algorithm, neither expired nor revoked. The newest such key is the one the
 * export is encrypted to (as GnuPG picks). The text is bounded (64 KiB) before BouncyCastle sees a byte; every way it
 * can be wrong is a 400 naming {@code recipientPublicKey}, and a secret key block is refused.
 */
final class CardExportRecipient {

    /** The most a key block may hold, in characters (ASCII, so also bytes). */
    static final int MAX_CHARS = 64 * 1024;

    private static final String FIELD = "recipientPublicKey";
    private static final String PUBLIC_ARMOR = "-----BEGIN PGP PUBLIC KEY BLOCK-----";

    private static final Set<Integer> ENCRYPTION_ALGORITHMS = Set.of(PublicKeyAlgorithmTags.RSA_GENERAL,
            PublicKeyAlgorithmTags.RSA_ENCRYPT, PublicKeyAlgorithmTags.ELGAMAL_ENCRYPT,
            PublicKeyAlgorithmTags.ELGAMAL_GENERAL, PublicKeyAlgorithmTags.ECDH, PublicKeyAlgorithmTags.X25519,
            PublicKeyAlgorithmTags.X448);

    private static final Set<Integer> CERTIFICATIONS = Set.of(PGPSignature.DEFAULT_CERTIFICATION,
            PGPSignature.NO_CERTIFICATION, PGPSignature.CASUAL_CERTIFICATION, PGPSignature.POSITIVE_CERTIFICATION);

    private CardExportRecipient() {
    }

    /** The recipient: its primary key's fingerprint (40 upper-case hex digits) and the key the export is encrypted to. */
    record Recipient(String fingerprint, PGPPublicKey encryptionKey) {
    }

    static Recipient parse(String text, Instant now) {
        if (text == null || text.isBlank()) {
            throw invalid("is required: an ASCII-armored OpenPGP public key of the vault the cards go to");
        }
        if (text.length() > MAX_CHARS) {
            throw invalid("is longer than 64 KiB");
        }
        if (!StandardCharsets.US_ASCII.newEncoder().canEncode(text)) {
            throw invalid("is not ASCII-armored: it holds characters outside ASCII");
        }
        String block = text.strip();
        if (block.contains("PRIVATE KEY BLOCK")) {
            throw secretKey();
        }
        if (!block.startsWith(PUBLIC_ARMOR)) {
            throw invalid("is not an ASCII-armored OpenPGP public key (it must begin with " + PUBLIC_ARMOR + ")");
        }
        PGPPublicKeyRing ring = ring(block.getBytes(StandardCharsets.US_ASCII));
        PGPPublicKey primary = ring.getPublicKey();
        if (primary.getVersion() != 4) {
            throw invalid("is a version " + primary.getVersion() + " key; only version 4 keys are accepted");
        }
        if (primary.hasRevocation()) {
            throw invalid("is revoked");
        }
        PGPSignature primarySignature = newestSelfCertification(primary)
                .orElseThrow(() -> invalid("carries no valid self-signature"));
        if (expired(primary, primarySignature, now)) {
            throw invalid("has expired");
        }
        PGPPublicKey chosen = encrypts(primary, primarySignature) ? primary : null;
        for (Iterator<PGPPublicKey> keys = ring.getPublicKeys(); keys.hasNext(); ) {
            PGPPublicKey subkey = keys.next();
            if (subkey.isMasterKey() || subkey.hasRevocation()) {
                continue;
            }
            Optional<PGPSignature> binding = newestBinding(primary, subkey);
            if (binding.isPresent() && !expired(subkey, binding.get(), now) && encrypts(subkey, binding.get())
                    && (chosen == null || subkey.getCreationTime().after(chosen.getCreationTime()))) {
                chosen = subkey;
            }
        }
        if (chosen == null) {
            throw invalid("cannot encrypt: it has no key or subkey with an encryption flag that is neither expired "
                    + "nor revoked");
        }
        return new Recipient(Hex.toHexString(primary.getFingerprint()).toUpperCase(Locale.ROOT), chosen);
    }

    /** Exactly one public key ring in one armored block. */
    private static PGPPublicKeyRing ring(byte[] block) {
        Object first;
        Object second;
        try (InputStream in = ArmoredInputStream.builder().build(new ByteArrayInputStream(block))) {
            BcPGPObjectFactory objects = new BcPGPObjectFactory(in);
            first = objects.nextObject();
            second = first == null ? null : objects.nextObject();
        } catch (IOException | RuntimeException e) {
            // BouncyCastle signals a malformed block with IOExceptions and, for some damage, runtime exceptions
            throw invalid("is not a readable OpenPGP key block");
        }
        if (first instanceof PGPSecretKeyRing || second instanceof PGPSecretKeyRing) {
            throw secretKey();
        }
        if (!(first instanceof PGPPublicKeyRing ring)) {
            throw invalid("holds no OpenPGP public key");
        }
        if (second != null) {
            throw invalid("holds more than one key: give the one key of the recipient vault");
        }
        return ring;
    }

    private static Optional<PGPSignature> newestSelfCertification(PGPPublicKey primary) {
        List<PGPSignature> valid = new ArrayList<>();
        for (Iterator<byte[]> ids = primary.getRawUserIDs(); ids.hasNext(); ) {
            byte[] id = ids.next();
            for (Iterator<PGPSignature> sigs = primary.getSignaturesForID(id); sigs.hasNext(); ) {
                PGPSignature sig = sigs.next();
                if (sig.getKeyID() == primary.getKeyID() && CERTIFICATIONS.contains(sig.getSignatureType())
                        && verifies(sig, primary, s -> s.verifyCertification(id, primary))) {
                    valid.add(sig);
                }
            }
        }
        for (Iterator<PGPSignature> sigs = primary.getSignaturesOfType(PGPSignature.DIRECT_KEY); sigs.hasNext(); ) {
            PGPSignature sig = sigs.next();
            if (sig.getKeyID() == primary.getKeyID() && verifies(sig, primary, s -> s.verifyCertification(primary))) {
                valid.add(sig);
            }
        }
        return newest(valid);
    }

    private static Optional<PGPSignature> newestBinding(PGPPublicKey primary, PGPPublicKey subkey) {
        List<PGPSignature> valid = new ArrayList<>();
        for (Iterator<PGPSignature> sigs = subkey.getSignaturesOfType(PGPSignature.SUBKEY_BINDING); sigs.hasNext(); ) {
            PGPSignature sig = sigs.next();
            if (sig.getKeyID() == primary.getKeyID()
                    && verifies(sig, primary, s -> s.verifyCertification(primary, subkey))) {
                valid.add(sig);
            }
        }
        return newest(valid);
    }

    @FunctionalInterface
    private interface Check {
        boolean verify(PGPSignature signature) throws PGPException;
    }

    private static boolean verifies(PGPSignature sig, PGPPublicKey signer, Check check) {
        try {
            sig.init(new BcPGPContentVerifierBuilderProvider(), signer);
            return check.verify(sig);
        } catch (PGPException | RuntimeException e) {
            return false;
        }
    }

    private static Optional<PGPSignature> newest(List<PGPSignature> signatures) {
        return signatures.stream().max((a, b) -> a.getCreationTime().compareTo(b.getCreationTime()));
    }

    private static boolean encrypts(PGPPublicKey key, PGPSignature selfSignature) {
        PGPSignatureSubpacketVector hashed = selfSignature.getHashedSubPackets();
        return hashed != null && (hashed.getKeyFlags() & (KeyFlags.ENCRYPT_COMMS | KeyFlags.ENCRYPT_STORAGE)) != 0
                && ENCRYPTION_ALGORITHMS.contains(key.getAlgorithm());
    }

    private static boolean expired(PGPPublicKey key, PGPSignature selfSignature, Instant now) {
        PGPSignatureSubpacketVector hashed = selfSignature.getHashedSubPackets();
        long seconds = hashed == null ? 0 : hashed.getKeyExpirationTime();
        return seconds > 0 && !key.getCreationTime().toInstant().plusSeconds(seconds).isAfter(now);
    }

    private static AppException secretKey() {
        return invalid("is a secret key block: give the recipient's public key only");
    }

    private static AppException invalid(String what) {
        return AppException.invalid(FIELD + " " + what);
    }
}
