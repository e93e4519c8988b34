package com.paycore.cardfile;

import java.util.List;
import java.util.Optional;

/**
 * The keys a card file is read with: the project's decryption keys, found by the OpenPGP key id the message names
 * (before anything is decrypted), and the signers whose signature the file must carry (none: signatures are not
 * required and not checked).
 */
record CardFileKeys(DecryptionKeys decryption, List<Signer> signers) {

    public CardFileKeys {
        signers = List.copyOf(signers);
    }

    /** Finds a usable FileContentPGPKey by an OpenPGP key id (64 bits) that a message is encrypted to. */
    @FunctionalInterface
    public interface DecryptionKeys {
        Optional<DecryptionKey> find(long openPgpKeyId);
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
