package com.paycore.webhook;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;

import com.paycore.platform.runtime.Randomness;
import com.paycore.secret.SecretBox;

/**
 * Endpoint secrets and the {@code Payments-Signature} header: {@code t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<body>">}, keyed with the UTF-8 bytes of the whole secret ({@code whsec_} included), one {@code v1=} per secret
 * that is valid (two during a rotation's overlap, the current one first).
 */
final class Signatures {

    static final String PREFIX = "whsec_";
    private Signatures() {
    }

    /** {@code whsec_} and 32 random bytes (base64url, no padding). */
    static String newSecret() {
        byte[] bytes = new byte[32];
        Randomness.fill(bytes);
        return PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    static String header(long unixSeconds, byte[] body, List<String> secrets) {
        if (secrets.isEmpty()) {
            throw new IllegalArgumentException("no secret to sign with");
        }
        byte[] signed = signedPayload(unixSeconds, body);
        StringBuilder header = new StringBuilder("t=").append(unixSeconds);
        for (String secret : secrets) {
            header.append(",v1=").append(HexFormat.of().formatHex(
                    SecretBox.hmac(secret.getBytes(StandardCharsets.UTF_8), signed)));
        }
        return header.toString();
    }

    /** The bytes the HMAC covers: the timestamp, a dot, and the body exactly as sent. */
    static byte[] signedPayload(long unixSeconds, byte[] body) {
        byte[] prefix = (unixSeconds + ".").getBytes(StandardCharsets.US_ASCII);
        byte[] all = new byte[prefix.length + body.length];
        System.arraycopy(prefix, 0, all, 0, prefix.length);
        System.arraycopy(body, 0, all, prefix.length, body.length);
        return all;
    }
}
