package com.paycore.cardfile;

import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.bouncycastle.openpgp.PGPException;
import org.bouncycastle.openpgp.PGPSecretKey;
import org.bouncycastle.openpgp.PGPSecretKeyRing;
import org.bouncycastle.openpgp.operator.bc.BcKeyFingerprintCalculator;

/**
 * The keys a card file is read with: the project's decryption keys, found by the OpenPGP key id the message names
 * (before anything is decrypted), and the signers whose signature the file must carry (none: signatures are not
 * required and not checked).
 */
public record CardFileKeys(DecryptionKeys decryption, List<Signer> signers) {

    public CardFileKeys {
        signers = List.copyOf(signers);
    }

    /** Finds a usable FileContentPGPKey by an OpenPGP key id (64 bits) that a message is encrypted to. */
    @FunctionalInterface
    public interface DecryptionKeys {
        Optional<DecryptionKey> find(long openPgpKeyId);

        /** The given keys, found by the id of any key (primary or subkey) their secret rings hold. */
        static DecryptionKeys of(List<DecryptionKey> keys) {
            Map<Long, DecryptionKey> byOpenPgpId = new HashMap<>();
            for (DecryptionKey key : keys) {
                try {
                    for (PGPSecretKey secret : new PGPSecretKeyRing(key.secretRing(), new BcKeyFingerprintCalculator())) {
                        byOpenPgpId.putIfAbsent(secret.getKeyID(), key);
                    }
                } catch (IOException | PGPException e) {
                    throw new IllegalStateException("the secret key ring of FileContentPGPKey " + key.id()
                            + " does not parse", e);
                }
            }
            return id -> Optional.ofNullable(byOpenPgpId.get(id));
        }
    }

    /**
     * A FileContentPGPKey the message may be decrypted with.
     *
     * @param id the key entry's id, reported in the summary
     * @param secretRing the binary, unprotected OpenPGP secret key ring
     */
    public record DecryptionKey(String id, byte[] secretRing) {
    }

    /**
     * A signer entry of the project.
     *
     * @param id the entry's id, reported in the summary when it signed the file
     * @param armoredPublicKey its ASCII-armored OpenPGP public key
     */
    public record Signer(String id, String armoredPublicKey) {
    }
}
