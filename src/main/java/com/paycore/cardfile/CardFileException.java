package com.paycore.cardfile;

/**
 * A card file that fails as a whole: its reason, and a text that says why without any card data (no cell of a row is
 * ever part of it).
 */
final class CardFileException extends RuntimeException {

    /** Why a file fails; each is one of DESIGN.md section 13's whole-file failures. */
    public enum Reason {
        /** Empty, or not an OpenPGP message. */
        NOT_OPENPGP,
        /** Not encrypted, password-encrypted, or encrypted to no key the caller holds. */
        NOT_FOR_THIS_PROJECT,
        /** A symmetric cipher other than AES-128, AES-192 or AES-256. */
        CIPHER,
        /** No integrity protection, a modification detection code that does not match, a damaged or cut message. */
        INTEGRITY,
        /** A required signature missing, made by a key that is not a signer, or not verifying. */
        SIGNATURE,
        /** More decompressed content than the limits allow. */
        EXPANSION,
        /** No header, a security-code column, an unknown or repeated column, a required column missing. */
        HEADER,
        /** A line longer than 64 KiB (or a row, with its quoted line breaks, longer than 1 MiB). */
        LINE_TOO_LONG,
        /** More rows than the limit. */
        TOO_MANY_ROWS
    }

    private final Reason reason;

    CardFileException(Reason reason, String message) {
        super(message, null, false, false);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }
}
