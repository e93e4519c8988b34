package com.paycore.idempotency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.HexFormat;
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
}
