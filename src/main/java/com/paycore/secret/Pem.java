package com.paycore.secret;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

/** PEM text for DER-encoded keys (RFC 7468): 64-character base64 lines between BEGIN and END labels. */
public final class Pem {

    private Pem() {
    }

    public static String encode(String label, byte[] der) {
        return "-----BEGIN " + label + "-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der)
                + "\n-----END " + label + "-----\n";
    }

    /** The DER bytes of the first (only) block; labels and line breaks are ignored. */
    public static byte[] decode(String pem) {
        return Base64.getDecoder().decode(pem.replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", ""));
    }
}
