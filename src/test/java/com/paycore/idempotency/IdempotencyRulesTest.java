package com.paycore.idempotency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Random;
import java.util.UUID;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import com.paycore.idempotency.IdempotencyRules.Decision;
import com.paycore.idempotency.IdempotencyRules.State;
import com.paycore.platform.web.AppException;
import com.paycore.platform.web.ErrorCode;

class IdempotencyRulesTest {

    private static final OffsetDateTime NOW = OffsetDateTime.of(2025, 3, 1, 12, 0, 0, 0, ZoneOffset.UTC);
    private static final byte[] KEY = bytes("0123456789abcdef0123456789abcdef");
    private static final String FP = fingerprint("POST", "pay/p/payments", bytes("{\"a\":1}"));

    private static String fingerprint(String method, String target, byte[] body) {
        return IdempotencyRules.fingerprint(KEY, method, target, body);
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    // --- fingerprint

    @Test
    void sameRequestSameFingerprint() {
        assertEquals(FP, fingerprint("POST", "pay/p/payments", bytes("{\"a\":1}")));
    }

    @Test
    void fingerprintIsLowercaseHexSha256() {
        assertTrue(FP.matches("[0-9a-f]{64}"), FP);
    }

    @Test
    void fingerprintIsAnHmacUnderTheServerKeyNotAPlainDigest() throws Exception {
        byte[] framed = bytes("idempotency\nPOST\npay/x\n{}");
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(KEY, "HmacSHA256"));
        assertEquals(HexFormat.of().formatHex(mac.doFinal(framed)), fingerprint("POST", "pay/x", bytes("{}")));
        // An unkeyed digest of a tokenization body could be reversed offline by trying every card number.
        String unkeyed = HexFormat.of().formatHex(
                MessageDigest.getInstance("SHA-256").digest(bytes("POST\npay/x\n{}")));
        assertNotEquals(unkeyed, fingerprint("POST", "pay/x", bytes("{}")));
        assertNotEquals(fingerprint("POST", "pay/x", bytes("{}")),
                IdempotencyRules.fingerprint(bytes("another key, another fingerprint"), "POST", "pay/x", bytes("{}")));
    }

    @Test
    void theQueryStringIsPartOfTheTarget() {
        String a = fingerprint("POST", IdempotencyRules.target("adm/transactions/t/reverse", "companyProjectId=a"), null);
        String b = fingerprint("POST", IdempotencyRules.target("adm/transactions/t/reverse", "companyProjectId=b"), null);
        assertNotEquals(a, b);
        assertEquals("p", IdempotencyRules.target("p", null));
        assertEquals("p", IdempotencyRules.target("p", ""));
        assertEquals("p?x=1", IdempotencyRules.target("p", "x=1"));
    }

    @Test
    void bodyChangesFingerprint() {
        assertNotEquals(FP, fingerprint("POST", "pay/p/payments", bytes("{\"a\":2}")));
        assertNotEquals(FP, fingerprint("POST", "pay/p/payments", bytes("{\"a\":1} ")));
    }

    @Test
    void pathChangesFingerprint() {
        assertNotEquals(FP, fingerprint("POST", "pay/p/refunds", bytes("{\"a\":1}")));
    }

    @Test
    void methodChangesFingerprint() {
        assertNotEquals(FP, fingerprint("PUT", "pay/p/payments", bytes("{\"a\":1}")));
    }

    @Test
    void partsCannotBeShiftedIntoEachOther() {
        assertNotEquals(fingerprint("POST", "pay/a", bytes("b")),
                fingerprint("POST", "pay/ab", bytes("")));
    }

    @Test
    void missingBodyIsTheEmptyBody() {
        assertEquals(fingerprint("POST", "p", new byte[0]),
                fingerprint("POST", "p", null));
    }

    // --- key validation

    @ParameterizedTest
    @ValueSource(ints = {1, 36, 255})
    void keysOfOneTo255CharactersAreAccepted(int length) {
        String key = "k".repeat(length);
        assertEquals(key, IdempotencyRules.validKey(key));
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 256, 1000})
    void otherLengthsAre400(int length) {
        AppException e = assertThrows(AppException.class, () -> IdempotencyRules.validKey("k".repeat(length)));
        assertEquals(ErrorCode.IDEMPOTENCY_KEY_INVALID, e.code());
        assertEquals(400, e.getResponse().getStatus());
    }

    @Test
    void nullKeyIs400() {
        assertThrows(AppException.class, () -> IdempotencyRules.validKey(null));
    }

    @Test
    void reusedKeyMessageIsTheDocumentedOne() {
        assertEquals("Idempotency-Key reused with a different request", ErrorCode.IDEMPOTENCY_KEY_REUSED.message());
        assertEquals(400, ErrorCode.IDEMPOTENCY_KEY_REUSED.status());
    }

    // --- scope

    @Test
    void scopesOfProjectsAndUsersNeverMeetAndFitTheColumn() {
        UUID id = UUID.randomUUID();
        assertNotEquals(IdempotencyRules.projectScope(id), IdempotencyRules.userScope(id));
        assertEquals("project:" + id, IdempotencyRules.projectScope(id));
        assertEquals("user:" + id, IdempotencyRules.userScope(id));
        assertTrue(IdempotencyRules.projectScope(id).length() <= 80);
    }

    // --- decision

    private static Decision decide(State state, String storedFp, OffsetDateTime expiresAt) {
        return IdempotencyRules.decide(state, storedFp, expiresAt, FP, NOW);
    }

    @Test
    void noRowProceeds() {
        assertSame(Decision.PROCEED, IdempotencyRules.decide(null, null, null, FP, NOW));
    }

    @Test
    void completedSameRequestReplays() {
        assertSame(Decision.REPLAY, decide(State.COMPLETED, FP, NOW.plusHours(1)));
    }

    @Test
    void inProgressSameRequestIs409() {
        assertSame(Decision.IN_PROGRESS_409, decide(State.IN_PROGRESS, FP, NOW.plusHours(1)));
    }

    @Test
    void differentRequestIs400WhateverTheState() {
        String other = fingerprint("POST", "pay/p/payments", bytes("{\"a\":2}"));
        assertSame(Decision.MISMATCH_400, decide(State.COMPLETED, other, NOW.plusHours(1)));
        assertSame(Decision.MISMATCH_400, decide(State.IN_PROGRESS, other, NOW.plusHours(1)));
    }

    @Test
    void expiredRowIsReplacedWhateverItHolds() {
        String other = fingerprint("POST", "x", null);
        assertSame(Decision.EXPIRED_REPLACE, decide(State.COMPLETED, FP, NOW.minusSeconds(1)));
        assertSame(Decision.EXPIRED_REPLACE, decide(State.IN_PROGRESS, FP, NOW.minusHours(3)));
        assertSame(Decision.EXPIRED_REPLACE, decide(State.COMPLETED, other, NOW.minusSeconds(1)));
    }

    @Test
    void aClaimHoldsItsKeyUntilItsLeaseEndsThenARetryTakesItOver() {
        OffsetDateTime expires = NOW.plusHours(20);
        assertSame(Decision.IN_PROGRESS_409, IdempotencyRules.decide(State.IN_PROGRESS, FP, expires, NOW.plusSeconds(1), FP, NOW));
        assertSame(Decision.LAPSED_TAKE_OVER, IdempotencyRules.decide(State.IN_PROGRESS, FP, expires, NOW, FP, NOW));
        assertSame(Decision.LAPSED_TAKE_OVER, IdempotencyRules.decide(State.IN_PROGRESS, FP, expires, NOW.minusHours(1), FP, NOW));
        // an answered row replays whatever its lease said; a row without a lease holds the key until it expires
        assertSame(Decision.REPLAY, IdempotencyRules.decide(State.COMPLETED, FP, expires, NOW.minusHours(1), FP, NOW));
        assertSame(Decision.IN_PROGRESS_409, IdempotencyRules.decide(State.IN_PROGRESS, FP, expires, null, FP, NOW));
    }

    @Test
    void aLapsedClaimDoesNotLetADifferentRequestUseTheKey() {
        String other = fingerprint("POST", "pay/p/payments", bytes("{\"a\":2}"));
        assertSame(Decision.MISMATCH_400, IdempotencyRules.decide(State.IN_PROGRESS, other, NOW.plusHours(20),
                NOW.minusHours(1), FP, NOW));
    }

    @Test
    void theLeaseIsAWholeNumberOfSecondsOfAtLeastOne() {
        assertEquals(Duration.ofSeconds(30), IdempotencyStore.lease(null));
        assertEquals(Duration.ofSeconds(5), IdempotencyStore.lease("5"));
        Assertions.assertThrows(IllegalArgumentException.class, () -> IdempotencyStore.lease("0"));
        Assertions.assertThrows(IllegalArgumentException.class, () -> IdempotencyStore.lease("off"));
        Assertions.assertThrows(IllegalArgumentException.class, () -> IdempotencyStore.lease("soon"));
    }

    @Test
    void expiryIsExclusive() {
        assertSame(Decision.EXPIRED_REPLACE, decide(State.COMPLETED, FP, NOW));
        assertSame(Decision.REPLAY, decide(State.COMPLETED, FP, NOW.plusNanos(1000)));
    }

    @Test
    void retentionIs24Hours() {
        assertEquals(Duration.ofHours(24), IdempotencyRules.RETENTION);
    }

    // --- streamed requests: the fingerprint taken as the body is read

    @Test
    void theIncrementalFingerprintIsTheOneShotOneWhateverThePieces() {
        byte[] body = new byte[70_000];
        new Random(7).nextBytes(body);
        String whole = fingerprint("POST", "pay/p/cardFiles?name=book", body);
        for (int piece : new int[] {1, 7, 4096, 65_536, body.length}) {
            IdempotencyRules.Fingerprint f = IdempotencyRules.fingerprintOf(KEY, "POST", "pay/p/cardFiles?name=book");
            for (int at = 0; at < body.length; at += piece) {
                f.update(body, at, Math.min(piece, body.length - at));
            }
            assertEquals(whole, f.finish(), "pieces of " + piece);
            assertEquals(whole, f.finish(), "finish answers the same value again");
        }
        assertEquals(fingerprint("POST", "pay/x", null), IdempotencyRules.fingerprintOf(KEY, "POST", "pay/x").finish());
        assertNotEquals(whole, IdempotencyRules.fingerprintOf(KEY, "POST", "pay/p/cardFiles?name=book").finish());
    }

    @Test
    void aFinishedFingerprintTakesNoMoreBytes() {
        IdempotencyRules.Fingerprint f = IdempotencyRules.fingerprintOf(KEY, "POST", "pay/x");
        f.finish();
        assertThrows(IllegalStateException.class, () -> f.update(bytes("late"), 0, 4));
    }

    @Test
    void aBodyReadThroughItsFingerprintGivesTheOneShotValueHoweverItIsRead() throws Exception {
        byte[] body = new byte[200_000];
        new Random(11).nextBytes(body);
        String whole = fingerprint("POST", "pay/p/cardFiles", body);

        FingerprintedBody inParts = body(body);
        ByteArrayOutputStream seen = new ByteArrayOutputStream();
        for (byte[] part = inParts.readNBytes(65_536); part.length > 0; part = inParts.readNBytes(65_536)) {
            seen.write(part);
        }
        assertTrue(inParts.ended());
        assertTrue(Arrays.equals(body, seen.toByteArray()), "the reader sees the body unchanged");
        assertEquals(whole, inParts.readToEndAndFinish());

        FingerprintedBody mixed = body(body);
        mixed.read();
        mixed.skip(1000);
        mixed.readNBytes(5);
        assertTrue(!mixed.ended());
        assertEquals(whole, mixed.readToEndAndFinish(), "skipped bytes and the rest read to the end count");

        assertEquals(fingerprint("POST", "pay/p/cardFiles", new byte[0]), body(new byte[0]).readToEndAndFinish());
        assertTrue(!body(body).markSupported());
    }

    private static FingerprintedBody body(byte[] bytes) {
        return new FingerprintedBody(new ByteArrayInputStream(bytes),
                IdempotencyRules.fingerprintOf(KEY, "POST", "pay/p/cardFiles"));
    }

    private static final String PENDING = IdempotencyRules.PENDING_FINGERPRINT;

    @Test
    void thePendingMarkIsNoFingerprint() {
        assertTrue(!PENDING.matches("[0-9a-f]{64}"));
        assertTrue(PENDING.length() <= 64, "fits the column");
    }

    @Test
    void aStreamedRequestClaimsAFreeOrExpiredKeyBeforeReadingItsBody() {
        assertSame(Decision.PROCEED, IdempotencyRules.decideStreamed(null, null, null, null, NOW));
        assertSame(Decision.EXPIRED_REPLACE, IdempotencyRules.decideStreamed(State.COMPLETED, FP, NOW, null, NOW));
        assertSame(Decision.EXPIRED_REPLACE, IdempotencyRules.decideStreamed(State.IN_PROGRESS, PENDING, NOW.minusHours(1),
                NOW.plusSeconds(5), NOW));
    }

    @Test
    void aStreamedClaimHoldsItsKeyAgainstAnyRequestUntilItsLeaseEnds() {
        OffsetDateTime expires = NOW.plusHours(20);
        assertSame(Decision.IN_PROGRESS_409, IdempotencyRules.decideStreamed(State.IN_PROGRESS, PENDING, expires,
                NOW.plusSeconds(1), NOW));
        assertSame(Decision.LAPSED_TAKE_OVER, IdempotencyRules.decideStreamed(State.IN_PROGRESS, PENDING, expires, NOW, NOW));
        // requests read whole meet it the same way: its request is not known yet
        assertSame(Decision.IN_PROGRESS_409, IdempotencyRules.decide(State.IN_PROGRESS, PENDING, expires,
                NOW.plusSeconds(1), FP, NOW));
        assertSame(Decision.LAPSED_TAKE_OVER, IdempotencyRules.decide(State.IN_PROGRESS, PENDING, expires, NOW, FP, NOW));
        // an answered row always carries its request's fingerprint; one that would not is never replayed
        assertSame(Decision.MISMATCH_400, IdempotencyRules.decide(State.COMPLETED, PENDING, expires, null, FP, NOW));
        assertSame(Decision.MISMATCH_400, IdempotencyRules.decideStreamed(State.COMPLETED, PENDING, expires, null, NOW));
    }

    @Test
    void aStreamedRequestUnderAKnownRequestReadsItsBodyThenReplaysOrIsRefused() {
        OffsetDateTime expires = NOW.plusHours(20);
        assertSame(Decision.READ_BODY_THEN_COMPARE, IdempotencyRules.decideStreamed(State.COMPLETED, FP, expires, null, NOW));
        assertSame(Decision.READ_BODY_THEN_COMPARE, IdempotencyRules.decideStreamed(State.IN_PROGRESS, FP, expires,
                NOW.plusSeconds(5), NOW));
        String other = fingerprint("POST", "pay/p/payments", bytes("{\"a\":2}"));
        assertSame(Decision.REPLAY, IdempotencyRules.afterBody(State.COMPLETED, FP, FP));
        assertSame(Decision.MISMATCH_400, IdempotencyRules.afterBody(State.COMPLETED, FP, other));
        assertSame(Decision.MISMATCH_400, IdempotencyRules.afterBody(State.IN_PROGRESS, FP, other));
        assertSame(Decision.IN_PROGRESS_409, IdempotencyRules.afterBody(State.IN_PROGRESS, FP, FP));
    }
}
