package com.paycore.idempotency;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.HexFormat;
import java.util.UUID;

import javax.crypto.Mac;

import com.paycore.platform.web.AppException;
import com.paycore.platform.web.ErrorCode;
import com.paycore.secret.SecretBox;

/** The pure parts of idempotency: key validation, request fingerprint and what to do with an existing row. */
final class IdempotencyRules {

    public static final String HEADER = "Idempotency-Key";
    public static final String REPLAYED_HEADER = "Idempotent-Replayed";
    public static final int MAX_KEY_LENGTH = 255;
    public static final Duration RETENTION = Duration.ofHours(24);
    /** How long a claim holds its key without an answer, unless {@code payments.idempotency.lease-seconds} says. */
    public static final long DEFAULT_LEASE_SECONDS = 30;
    public static final String LEASE_SETTING = "payments.idempotency.lease-seconds";

    /**
     * The fingerprint a streamed request's claim holds until its body has been read ({@link Idempotent#streamed}):
     * never a hex HMAC, so no request matches it; the answer is stored with the real one.
     */
    public static final String PENDING_FINGERPRINT = "pending";

    /** What a row records about the first request with a key. */
    public enum State { IN_PROGRESS, COMPLETED }

    /** What to do with a request carrying a key, given the row already stored for it (if any). */
    public enum Decision {
        /** No row: claim the key and run the request. */
        PROCEED,
        /** The same request completed before: answer its stored response, do not run it again. */
        REPLAY,
        /** The key was used for a different request: 400. */
        MISMATCH_400,
        /** The same request is still running: 409. */
        IN_PROGRESS_409,
        /** The row is older than the retention: replace it, as if absent. */
        EXPIRED_REPLACE,
        /**
         * The same request claimed the key but its lease ran out without an answer: the claiming request died (a
         * crash, a database failure before its answer was stored). Take the claim over and run the request.
         */
        LAPSED_TAKE_OVER,
        /**
         * A streamed request under a key whose request is known: read its body through its fingerprint (the bytes
         * are dropped), then {@link #afterBody} tells REPLAY, MISMATCH_400 or IN_PROGRESS_409. The operation does not
         * run: its body is spent.
         */
        READ_BODY_THEN_COMPARE
    }

    private IdempotencyRules() {
    }

    /** A key is 1 to 255 characters; anything else (an empty header included) is 400. */
    public static String validKey(String key) {
        if (key == null || key.isEmpty() || key.length() > MAX_KEY_LENGTH) {
            throw new AppException(ErrorCode.IDEMPOTENCY_KEY_INVALID);
        }
        return key;
    }

    /**
     * Hex HMAC-SHA-256 under the server's lookup key over the method, the whole request target (path and query
     * string) and the raw body bytes. Keyed because a tokenization body holds the card number, CVV and expiry: an
     * unkeyed hash of it, kept 24 h, could be reversed offline from a database dump. Method and target are
     * separated by a newline, which neither can contain, so no two different requests frame to the same input.
     */
    public static String fingerprint(byte[] key, String method, String target, byte[] body) {
        Fingerprint fingerprint = fingerprintOf(key, method, target);
        if (body != null) {
            fingerprint.update(body, 0, body.length);
        }
        return fingerprint.finish();
    }

    /**
     * {@link #fingerprint} taken as the body arrives, for a body read as a stream: the same framing fed piece by
     * piece, so a streamed request and the same request read whole have the same fingerprint.
     */
    public static Fingerprint fingerprintOf(byte[] key, String method, String target) {
        Mac mac = SecretBox.hmacEngine(key);
        mac.update(("idempotency\n" + method + "\n" + target + "\n").getBytes(StandardCharsets.UTF_8));
        return new Fingerprint(mac);
    }

    /** A fingerprint in the making: its body bytes go in by {@link #update}; {@link #finish} gives the hex value. */
    public static final class Fingerprint {
        private final Mac mac;
        private String value;

        private Fingerprint(Mac mac) {
            this.mac = mac;
        }

        public void update(byte[] bytes, int offset, int length) {
            if (value != null) {
                throw new IllegalStateException("the fingerprint is finished");
            }
            mac.update(bytes, offset, length);
        }

        /** The hex fingerprint of everything given; later calls answer the same value. */
        public String finish() {
            if (value == null) {
                value = HexFormat.of().formatHex(mac.doFinal());
            }
            return value;
        }
    }

    /** The request target a fingerprint covers: the path and, when there is one, the raw query string. */
    public static String target(String path, String rawQuery) {
        return rawQuery == null || rawQuery.isEmpty() ? path : path + "?" + rawQuery;
    }

    /** As {@link #decide(State, String, OffsetDateTime, OffsetDateTime, String, OffsetDateTime)} for a row without a lease. */
    public static Decision decide(State storedState, String storedFingerprint, OffsetDateTime storedExpiresAt,
                                  String fingerprint, OffsetDateTime now) {
        return decide(storedState, storedFingerprint, storedExpiresAt, null, fingerprint, now);
    }

    /**
     * The decision for a new request with the given fingerprint, seeing the stored row (null when there is none).
     * An IN_PROGRESS row holds the key until its lease ends ({@code storedLeaseUntil}; null: until it expires); a
     * different request under the key stays refused (400) even after the lease, as the first one may have acted.
     */
    public static Decision decide(State storedState, String storedFingerprint, OffsetDateTime storedExpiresAt,
                                  OffsetDateTime storedLeaseUntil, String fingerprint, OffsetDateTime now) {
        if (storedState == null) {
            return Decision.PROCEED;
        }
        if (!now.isBefore(storedExpiresAt)) {
            return Decision.EXPIRED_REPLACE;
        }
        if (PENDING_FINGERPRINT.equals(storedFingerprint)) {
            return pendingClaim(storedState, storedLeaseUntil, now);
        }
        if (!storedFingerprint.equals(fingerprint)) {
            return Decision.MISMATCH_400;
        }
        if (storedState == State.COMPLETED) {
            return Decision.REPLAY;
        }
        return lapsed(storedLeaseUntil, now) ? Decision.LAPSED_TAKE_OVER : Decision.IN_PROGRESS_409;
    }

    /**
     * The decision for a streamed request ({@link Idempotent#streamed}) before its body is read, so before its
     * fingerprint is known: no row or an expired one, claim; a streamed claim still running, 409, and once its lease
     * ran out, take it over (its effect commits only with its answer, on a claim still its own, so a taken-over
     * request stores nothing); a row whose request is known, {@link Decision#READ_BODY_THEN_COMPARE}.
     */
    public static Decision decideStreamed(State storedState, String storedFingerprint, OffsetDateTime storedExpiresAt,
                                          OffsetDateTime storedLeaseUntil, OffsetDateTime now) {
        if (storedState == null) {
            return Decision.PROCEED;
        }
        if (!now.isBefore(storedExpiresAt)) {
            return Decision.EXPIRED_REPLACE;
        }
        if (PENDING_FINGERPRINT.equals(storedFingerprint)) {
            return pendingClaim(storedState, storedLeaseUntil, now);
        }
        return Decision.READ_BODY_THEN_COMPARE;
    }

    /** After {@link Decision#READ_BODY_THEN_COMPARE}: the stored request against the streamed one's fingerprint. */
    public static Decision afterBody(State storedState, String storedFingerprint, String fingerprint) {
        if (!storedFingerprint.equals(fingerprint)) {
            return Decision.MISMATCH_400;
        }
        return storedState == State.COMPLETED ? Decision.REPLAY : Decision.IN_PROGRESS_409;
    }

    /**
     * A streamed request's claim, whose body is not known yet: it holds the key against any request until its lease
     * ends. A completed row always carries its request's fingerprint; one that would not is refused, never replayed.
     */
    private static Decision pendingClaim(State storedState, OffsetDateTime storedLeaseUntil, OffsetDateTime now) {
        if (storedState == State.COMPLETED) {
            return Decision.MISMATCH_400;
        }
        return lapsed(storedLeaseUntil, now) ? Decision.LAPSED_TAKE_OVER : Decision.IN_PROGRESS_409;
    }

    private static boolean lapsed(OffsetDateTime leaseUntil, OffsetDateTime now) {
        return leaseUntil != null && !now.isBefore(leaseUntil);
    }

    /** Keys of project API-key calls and of user calls never meet: "project:&lt;id&gt;" or "user:&lt;id&gt;". */
    public static String projectScope(UUID projectId) {
        return "project:" + projectId;
    }

    public static String userScope(UUID userId) {
        return "user:" + userId;
    }
}
