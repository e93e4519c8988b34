package com.paycore.cardfile;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Set;

import org.bouncycastle.bcpg.ArmoredOutputStream;
import org.bouncycastle.bcpg.PublicKeyAlgorithmTags;
import org.bouncycastle.bcpg.sig.KeyFlags;
import org.bouncycastle.openpgp.PGPException;
import org.bouncycastle.openpgp.PGPPublicKey;
import org.bouncycastle.openpgp.PGPPublicKeyRing;
import org.bouncycastle.openpgp.PGPSignature;
import org.bouncycastle.openpgp.PGPSignatureList;

/**
 * Reads a signer's key as given by a caller (hostile input): an ASCII-armored OpenPGP version 4 public key ring that
 * can verify signatures now, that is a key or subkey whose newest verified self-signature gives it the sign flag, not
 * expired and not revoked. The text is bounded (64 KiB) before BouncyCastle sees a byte, and every way it can be
 * malformed is a 400 naming {@code publicKey}; a secret key block is refused, never stored.
 */
final class SignerKeys {

    /** The most a key block may hold, in characters (it must be ASCII, so also in bytes). */
    static final int MAX_CHARS = OpenPgpPublicKeys.MAX_CHARS;

    private static final OpenPgpPublicKeys.Wording WORDING = new OpenPgpPublicKeys.Wording("publicKey",
            "is required: an ASCII-armored OpenPGP public key",
            "is a secret key block: give the public key only (a secret key is never stored)",
            "holds more than one key: give one signer key per entry");

    private static final Set<Integer> SIGNING_ALGORITHMS = Set.of(PublicKeyAlgorithmTags.RSA_GENERAL,
            PublicKeyAlgorithmTags.RSA_SIGN, PublicKeyAlgorithmTags.DSA, PublicKeyAlgorithmTags.ECDSA,
            PublicKeyAlgorithmTags.EDDSA_LEGACY, PublicKeyAlgorithmTags.Ed25519, PublicKeyAlgorithmTags.Ed448);

    private SignerKeys() {
    }

    /**
     * A signer key as kept: the primary key's fingerprint (40 upper-case hex digits) and the ring armored again by
     * BouncyCastle (only the packets it parsed, without the caller's armor headers or anything around the block).
     */
    record SignerKey(String fingerprint, String armoredPublicKey) {
    }

    static SignerKey parse(String text, Instant now) {
        OpenPgpPublicKeys.Ring ring = OpenPgpPublicKeys.read(text, now, WORDING);
        PGPPublicKey primary = ring.primary();
        boolean canSign = signs(primary, ring.primarySignature())
                || ring.liveSubkeys(now).anyMatch(subkey -> signs(subkey.key(), subkey.binding())
                        && backSigned(primary, subkey.key(), subkey.binding()));
        if (!canSign) {
            throw WORDING.invalid("cannot verify signatures: it has no key or subkey with the sign flag that is "
                    + "neither expired nor revoked");
        }
        return new SignerKey(ring.fingerprint(), armored(ring.ring()));
    }

    private static boolean signs(PGPPublicKey key, PGPSignature selfSignature) {
        return OpenPgpPublicKeys.grants(key, selfSignature, KeyFlags.SIGN_DATA, SIGNING_ALGORITHMS);
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
                    if (back.getSignatureType() == PGPSignature.PRIMARYKEY_BINDING && OpenPgpPublicKeys.verifies(back,
                            subkey, s -> s.verifyCertification(primary, subkey))) {
                        return true;
                    }
                }
            }
            return false;
        } catch (PGPException | RuntimeException e) {
            return false;
        }
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
}
