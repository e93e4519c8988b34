package com.paycore.cardfile;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
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
import org.bouncycastle.bcpg.ArmoredOutputStream;
import org.bouncycastle.bcpg.PublicKeyAlgorithmTags;
import org.bouncycastle.bcpg.sig.KeyFlags;
import org.bouncycastle.openpgp.PGPException;
import org.bouncycastle.openpgp.PGPPublicKey;
import org.bouncycastle.openpgp.PGPPublicKeyRing;
import org.bouncycastle.openpgp.PGPSecretKeyRing;
import org.bouncycastle.openpgp.PGPSignature;
import org.bouncycastle.openpgp.PGPSignatureList;
import org.bouncycastle.openpgp.PGPSignatureSubpacketVector;
import org.bouncycastle.openpgp.bc.BcPGPObjectFactory;
import org.bouncycastle.openpgp.operator.bc.BcPGPContentVerifierBuilderProvider;
import org.bouncycastle.util.encoders.Hex;

import com.paycore.platform.web.AppException;

/**
 * Reads a signer's key as given by a caller (hostile input): an ASCII-armored OpenPGP version 4 public key ring that
 * can verify signatures now, that is a key or subkey whose newest verified self-signature gives it the sign flag, not
 * expired and not revoked. The text is bounded (64 KiB) before BouncyCastle sees a byte, and every way it can be
 * malformed is a 400 naming {@code publicKey}; a secret key block is refused, never stored.
 */
final class SignerKeys {

    /** The most a key block may hold, in characters (it must be ASCII, so also in bytes). */
    static final int MAX_CHARS = 64 * 1024;

    private static final String PUBLIC_ARMOR = "-----BEGIN PGP PUBLIC KEY BLOCK-----";

    private static final Set<Integer> SIGNING_ALGORITHMS = Set.of(PublicKeyAlgorithmTags.RSA_GENERAL,
            PublicKeyAlgorithmTags.RSA_SIGN, PublicKeyAlgorithmTags.DSA, PublicKeyAlgorithmTags.ECDSA,
            PublicKeyAlgorithmTags.EDDSA_LEGACY, PublicKeyAlgorithmTags.Ed25519, PublicKeyAlgorithmTags.Ed448);

    private static final Set<Integer> CERTIFICATIONS = Set.of(PGPSignature.DEFAULT_CERTIFICATION,
            PGPSignature.NO_CERTIFICATION, PGPSignature.CASUAL_CERTIFICATION, PGPSignature.POSITIVE_CERTIFICATION);

    private SignerKeys() {
    }

    /**
     * A signer key as kept: the primary key's fingerprint (40 upper-case hex digits) and the ring armored again by
     * BouncyCastle (only the packets it parsed, without the caller's armor headers or anything around the block).
     */
    record SignerKey(String fingerprint, String armoredPublicKey) {
    }

    static SignerKey parse(String text, Instant now) {
        if (text == null || text.isBlank()) {
            throw invalid("is required: an ASCII-armored OpenPGP public key");
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
        boolean canSign = signs(primary, primarySignature);
        for (Iterator<PGPPublicKey> keys = ring.getPublicKeys(); keys.hasNext() && !canSign; ) {
            PGPPublicKey subkey = keys.next();
            if (!subkey.isMasterKey() && !subkey.hasRevocation()) {
                Optional<PGPSignature> binding = newestBinding(primary, subkey);
                canSign = binding.isPresent() && !expired(subkey, binding.get(), now) && signs(subkey, binding.get())
                        && backSigned(primary, subkey, binding.get());
            }
        }
        if (!canSign) {
            throw invalid("cannot verify signatures: it has no key or subkey with the sign flag that is neither "
                    + "expired nor revoked");
        }
        return new SignerKey(Hex.toHexString(primary.getFingerprint()).toUpperCase(Locale.ROOT), armored(ring));
    }

    /** Exactly one public key ring in one armored block; anything else (secret keys included) is refused. */
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
            throw invalid("holds more than one key: give one signer key per entry");
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
            if (sig.getKeyID() == primary.getKeyID() && verifies(sig, primary, s -> s.verifyCertification(primary, subkey))) {
                valid.add(sig);
            }
        }
        return newest(valid);
    }

    /**
     * A signing subkey's binding must carry the subkey's own signature over the binding (RFC 4880 5.2.1, 0x19), so
     * that nobody can attach another person's signing subkey to their key.
     */
    private static boolean backSigned(PGPPublicKey primary, PGPPublicKey subkey, PGPSignature binding) {
        try {
            PGPSignatureList embedded = binding.getHashedSubPackets().getEmbeddedSignatures();
            PGPSignatureList unhashed = binding.getUnhashedSubPackets() == null ? null
                    : binding.getUnhashedSubPackets().getEmbeddedSignatures();
            for (PGPSignatureList list : new PGPSignatureList[] {embedded, unhashed}) {
                for (int i = 0; list != null && i < list.size(); i++) {
                    PGPSignature back = list.get(i);
                    if (back.getSignatureType() == PGPSignature.PRIMARYKEY_BINDING
                            && verifies(back, subkey, s -> s.verifyCertification(primary, subkey))) {
                        return true;
                    }
                }
            }
            return false;
        } catch (PGPException | RuntimeException e) {
            return false;
        }
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

    private static boolean signs(PGPPublicKey key, PGPSignature selfSignature) {
        PGPSignatureSubpacketVector hashed = selfSignature.getHashedSubPackets();
        return hashed != null && (hashed.getKeyFlags() & KeyFlags.SIGN_DATA) != 0
                && SIGNING_ALGORITHMS.contains(key.getAlgorithm());
    }

    private static boolean expired(PGPPublicKey key, PGPSignature selfSignature, Instant now) {
        PGPSignatureSubpacketVector hashed = selfSignature.getHashedSubPackets();
        long seconds = hashed == null ? 0 : hashed.getKeyExpirationTime();
        return seconds > 0 && !key.getCreationTime().toInstant().plusSeconds(seconds).isAfter(now);
    }

    private static String armored(PGPPublicKeyRing ring) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ArmoredOutputStream armor = ArmoredOutputStream.builder().clearHeaders().build(out)) {
            ring.encode(armor, true);
        } catch (IOException e) {
            throw new IllegalStateException("re-encoding a parsed key ring in memory", e);
        }
        return out.toString(StandardCharsets.US_ASCII);
    }

    private static AppException secretKey() {
        return invalid("is a secret key block: give the public key only (a secret key is never stored)");
    }

    private static AppException invalid(String what) {
        return AppException.invalid("publicKey " + what);
    }
}
