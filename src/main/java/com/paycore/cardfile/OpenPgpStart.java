package com.paycore.cardfile;

import java.nio.charset.StandardCharsets;

/**
 * Whether a body starts as an OpenPGP message: ASCII armor ({@code -----BEGIN PGP MESSAGE-----}, after any white
 * space) or a binary packet header (RFC 4880 4.2) whose tag can open a message. Only the upload's quick refusal:
 * the whole message is checked when the file is read.
 */
final class OpenPgpStart {

    private static final String ARMOR = "-----BEGIN PGP MESSAGE-----";

    private OpenPgpStart() {
    }

    static boolean looksLikeMessage(byte[] start) {
        int i = 0;
        while (i < start.length && (start[i] == ' ' || start[i] == '\t' || start[i] == '\r' || start[i] == '\n')) {
            i++;
        }
        if (i < start.length && start[i] == '-') {
            int n = Math.min(ARMOR.length(), start.length - i);
            return n == ARMOR.length() && new String(start, i, n, StandardCharsets.US_ASCII).equals(ARMOR);
        }
        if (start.length == 0 || (start[0] & 0x80) == 0) {
            return false;
        }
        int tag = (start[0] & 0x40) != 0 ? start[0] & 0x3f : (start[0] >> 2) & 0x0f;
        // public-key or symmetric-key encrypted session key, signed (one-pass), compressed, encrypted, marker,
        // literal, integrity protected encrypted data
        return tag == 1 || tag == 3 || tag == 4 || tag == 8 || tag == 9 || tag == 10 || tag == 11 || tag == 18;
    }
}
