package com.paycore.cardfile;

import java.time.Instant;
import java.util.Set;

import org.bouncycastle.bcpg.PublicKeyAlgorithmTags;
import org.bouncycastle.bcpg.sig.KeyFlags;
import org.bouncycastle.openpgp.PGPPublicKey;

/**
 * Reads the recipient key of a card export as given by a caller (hostile input): an ASCII-armored OpenPGP version 4
 * public key ring that can encrypt now, that is a key or subkey whose newest verified self-signature (or binding) gives
 * it an encryption flag, with an encryption algorithm, neither expired nor revoked. The newest such key is the one the
 * export is encrypted to (as GnuPG picks). The text is bounded (64 KiB) before BouncyCastle sees a byte; every way it
 * can be wrong is a 400 naming {@code recipientPublicKey}, and a secret key block is refused.
 */
final class CardExportRecipient {

    /** The most a key block may hold, in characters (ASCII, so also bytes). */
    static final int MAX_CHARS = OpenPgpPublicKeys.MAX_CHARS;

    private static final OpenPgpPublicKeys.Wording WORDING = new OpenPgpPublicKeys.Wording("recipientPublicKey",
            "is required: an ASCII-armored OpenPGP public key of the vault the cards go to",
            "is a secret key block: give the recipient's public key only",
            "holds more than one key: give the one key of the recipient vault");

    private static final int ENCRYPTION_FLAGS = KeyFlags.ENCRYPT_COMMS | KeyFlags.ENCRYPT_STORAGE;

    private static final Set<Integer> ENCRYPTION_ALGORITHMS = Set.of(PublicKeyAlgorithmTags.RSA_GENERAL,
            PublicKeyAlgorithmTags.RSA_ENCRYPT, PublicKeyAlgorithmTags.ELGAMAL_ENCRYPT,
            PublicKeyAlgorithmTags.ELGAMAL_GENERAL, PublicKeyAlgorithmTags.ECDH, PublicKeyAlgorithmTags.X25519,
            PublicKeyAlgorithmTags.X448);

    private CardExportRecipient() {
    }

    /** The recipient: its primary key's fingerprint (40 upper-case hex digits) and the key the export is encrypted to. */
    record Recipient(String fingerprint, PGPPublicKey encryptionKey) {
    }

    static Recipient parse(String text, Instant now) {
        OpenPgpPublicKeys.Ring ring = OpenPgpPublicKeys.read(text, now, WORDING);
        PGPPublicKey primary = ring.primary();
        // the newest key that can encrypt; on equal creation times the primary, then the first subkey in the ring
        PGPPublicKey chosen = OpenPgpPublicKeys.grants(primary, ring.primarySignature(), ENCRYPTION_FLAGS,
                ENCRYPTION_ALGORITHMS) ? primary : null;
        for (OpenPgpPublicKeys.Subkey subkey : ring.liveSubkeys(now).toList()) {
            if (OpenPgpPublicKeys.grants(subkey.key(), subkey.binding(), ENCRYPTION_FLAGS, ENCRYPTION_ALGORITHMS)
                    && (chosen == null || subkey.key().getCreationTime().after(chosen.getCreationTime()))) {
                chosen = subkey.key();
            }
        }
        if (chosen == null) {
            throw WORDING.invalid("cannot encrypt: it has no key or subkey with an encryption flag that is neither "
                    + "expired nor revoked");
        }
        return new Recipient(ring.fingerprint(), chosen);
    }
}
