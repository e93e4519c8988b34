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
import java.util.stream.Stream;

import org.bouncycastle.bcpg.ArmoredInputStream;
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
 * What {@link SignerKeys} and {@link CardExportRecipient} check alike in a public key given by a caller (hostile
 * input): one ASCII-armored OpenPGP version 4 public key ring of at most 64 KiB, secret keys refused, its primary key
 * neither revoked nor expired by its newest verified self-signature, and its subkeys with their newest verified
 * bindings. What a key must be able to do (sign, encrypt) and the words of the refusals stay with each caller.
 */
final class OpenPgpPublicKeys {

    /** The most a key block may hold, in characters (it must be ASCII, so also in bytes). */
    static final int MAX_CHARS = 64 * 1024;

    private static final String PUBLIC_ARMOR = "-----BEGIN PGP PUBLIC KEY BLOCK-----";

    private static final Set<Integer> CERTIFICATIONS = Set.of(PGPSignature.DEFAULT_CERTIFICATION,
            PGPSignature.NO_CERTIFICATION, PGPSignature.CASUAL_CERTIFICATION, PGPSignature.POSITIVE_CERTIFICATION);

    private OpenPgpPublicKeys() {
    }

    /**
     * How one use of a key words its refusals: the request field every message begins with, and the texts of the
     * refusals that differ between uses (each one follows the field name).
     */
    record Wording(String field, String required, String secretKey, String moreThanOneKey) {

        /** A 400 naming the field. */
        AppException invalid(String what) {
            return AppException.invalid(field + " " + what);
        }
    }

    /** A ring read and checked: its primary key, neither revoked nor expired, with its newest valid self-signature. */
    record Ring(PGPPublicKeyRing ring, PGPPublicKey primary, PGPSignature primarySignature) {

        /** The primary key's fingerprint, 40 upper-case hex digits. */
        String fingerprint() {
            return Hex.toHexString(primary.getFingerprint()).toUpperCase(Locale.ROOT);
        }

        /**
         * The subkeys that are not revoked, each with its newest binding by the primary key that verifies, the
         * binding not expired; in the ring's order, and lazily, so that a caller may stop at the first that serves.
         */
        Stream<Subkey> liveSubkeys(Instant now) {
            List<PGPPublicKey> subkeys = new ArrayList<>();
            ring.getPublicKeys().forEachRemaining(subkeys::add);
            return subkeys.stream().filter(key -> !key.isMasterKey() && !key.hasRevocation())
                    .flatMap(key -> newestBinding(primary, key).map(binding -> new Subkey(key, binding)).stream())
                    .filter(subkey -> !expired(subkey.key(), subkey.binding(), now));
        }
    }

    /** A subkey with the binding signature that gives it its flags. */
    record Subkey(PGPPublicKey key, PGPSignature binding) {
    }

    /** Reads the text as a public key ring whose primary key is usable at {@code now}, or refuses it in a 400. */
    static Ring read(String text, Instant now, Wording wording) {
        if (text == null || text.isBlank()) {
            throw wording.invalid(wording.required());
        }
        if (text.length() > MAX_CHARS) {
            throw wording.invalid("is longer than 64 KiB");
        }
        if (!StandardCharsets.US_ASCII.newEncoder().canEncode(text)) {
            throw wording.invalid("is not ASCII-armored: it holds characters outside ASCII");
        }
        String block = text.strip();
        if (block.contains("PRIVATE KEY BLOCK")) {
            throw wording.invalid(wording.secretKey());
        }
        if (!block.startsWith(PUBLIC_ARMOR)) {
            throw wording.invalid(
                    "is not an ASCII-armored OpenPGP public key (it must begin with " + PUBLIC_ARMOR + ")");
        }
        PGPPublicKeyRing ring = ring(block.getBytes(StandardCharsets.US_ASCII), wording);
        PGPPublicKey primary = ring.getPublicKey();
        if (primary.getVersion() != 4) {
            throw wording.invalid("is a version " + primary.getVersion() + " key; only version 4 keys are accepted");
        }
        if (primary.hasRevocation()) {
            throw wording.invalid("is revoked");
        }
        PGPSignature primarySignature = newestSelfCertification(primary)
                .orElseThrow(() -> wording.invalid("carries no valid self-signature"));
        if (expired(primary, primarySignature, now)) {
            throw wording.invalid("has expired");
        }
        return new Ring(ring, primary, primarySignature);
    }

    /**
     * Whether a key's self-signature (or binding) gives it one of the flags, and the key has one of the algorithms
     * that can do what the flags say.
     */
    static boolean grants(PGPPublicKey key, PGPSignature selfSignature, int flags, Set<Integer> algorithms) {
        PGPSignatureSubpacketVector hashed = selfSignature.getHashedSubPackets();
        return hashed != null && (hashed.getKeyFlags() & flags) != 0 && algorithms.contains(key.getAlgorithm());
    }

    /** A verification of a signature already initialised with its signer's key. */
    @FunctionalInterface
    interface Check {
        boolean verify(PGPSignature signature) throws PGPException;
    }

    /** Whether the signature verifies with the signer's key; a signature BouncyCastle cannot process does not. */
    static boolean verifies(PGPSignature sig, PGPPublicKey signer, Check check) {
        try {
            sig.init(new BcPGPContentVerifierBuilderProvider(), signer);
            return check.verify(sig);
        } catch (PGPException | RuntimeException e) {
            return false;
        }
    }

    /** Exactly one public key ring in one armored block; anything else (secret keys included) is refused. */
    private static PGPPublicKeyRing ring(byte[] block, Wording wording) {
        Object first;
        Object second;
        try (InputStream in = ArmoredInputStream.builder().build(new ByteArrayInputStream(block))) {
            BcPGPObjectFactory objects = new BcPGPObjectFactory(in);
            first = objects.nextObject();
            second = first == null ? null : objects.nextObject();
        } catch (IOException | RuntimeException e) {
            // BouncyCastle signals a malformed block with IOExceptions and, for some damage, runtime exceptions
            throw wording.invalid("is not a readable OpenPGP key block");
        }
        if (first instanceof PGPSecretKeyRing || second instanceof PGPSecretKeyRing) {
            throw wording.invalid(wording.secretKey());
        }
        if (!(first instanceof PGPPublicKeyRing ring)) {
            throw wording.invalid("holds no OpenPGP public key");
        }
        if (second != null) {
            throw wording.invalid(wording.moreThanOneKey());
        }
        return ring;
    }

    /** The primary key's newest user ID certification or direct-key signature that it made and that verifies. */
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

    /** The subkey's newest binding signature by the primary key that verifies. */
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

    private static Optional<PGPSignature> newest(List<PGPSignature> signatures) {
        return signatures.stream().max((a, b) -> a.getCreationTime().compareTo(b.getCreationTime()));
    }

    private static boolean expired(PGPPublicKey key, PGPSignature selfSignature, Instant now) {
        PGPSignatureSubpacketVector hashed = selfSignature.getHashedSubPackets();
        long seconds = hashed == null ? 0 : hashed.getKeyExpirationTime();
        return seconds > 0 && !key.getCreationTime().toInstant().plusSeconds(seconds).isAfter(now);
    }
}
