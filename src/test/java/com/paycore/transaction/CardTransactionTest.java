package com.paycore.transaction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import com.paycore.event.Topic;
import com.paycore.platform.web.AppException;
import com.paycore.processor.CardData;
import com.paycore.vault.Address;
import com.paycore.vault.StoredCard;

/** The state table of DESIGN.md section 7, move by move, without a database. */
class CardTransactionTest {

    private static final OffsetDateTime NOW = OffsetDateTime.of(2026, 11, 22, 10, 0, 0, 0, ZoneOffset.UTC);

    static CardTransaction approved(String amount) {
        CardTransaction t = fresh(amount);
        t.authorized(EventResult.Approved, "00", "sim_1", NOW);
        return t;
    }

    static CardTransaction fresh(String amount) {
        StoredCard card = new StoredCard(UUID.randomUUID(), "VISA", "************1111", "1111", 12, 2031, true,
                new Address("Ada", "Lovelace", null, null, null, null, "London", "LDN", null, "GB"),
                new CardData("4111111111111111", 12, 2031));
        return new CardTransaction(UUID.randomUUID(), UUID.randomUUID(), UUID.randomUUID(), UUID.randomUUID(), 1, 1, 3,
                card, new BigDecimal(amount), "USD", new TransactionRequest(), null);
    }

    @Test
    void authorizationOutcomesSetTheStatus() {
        CardTransaction declined = fresh("1.00");
        TransactionEvent event = declined.authorized(EventResult.Declined, "05", null, NOW);
        assertEquals(TransactionStatus.Declined, declined.status());
        assertEquals("Authorize", event.eventType());
        assertEquals(1, event.position());
        CardTransaction error = fresh("1.00");
        error.authorized(EventResult.Error, "96", null, NOW);
        assertEquals(TransactionStatus.Error, error.status());
    }

    @Test
    void billingDefaultsToTheTokensAddress() {
        CardTransaction t = approved("1.00");
        assertEquals("2031-12", t.ccExpiration());
    }

    @Test
    void captureOnceWithinTheAuthorizedAmount() {
        CardTransaction t = approved("10.00");
        assertEquals(new BigDecimal("10.00"), t.captureAmount(null));
        assertThrows(AppException.class, () -> t.captureAmount(new BigDecimal("10.01")));
        assertThrows(AppException.class, () -> t.captureAmount(new BigDecimal("0")));
        assertThrows(AppException.class, () -> t.captureAmount(new BigDecimal("1.001")));
        BigDecimal part = t.captureAmount(new BigDecimal("4"));
        assertEquals(new BigDecimal("4.00"), part);
        TransactionEvent capture = t.captured(EventResult.Approved, "00", part, NOW);
        assertEquals(2, capture.position());
        assertEquals(TransactionStatus.Captured, t.status());
        assertThrows(AppException.class, () -> t.captureAmount(null));
        assertThrows(AppException.class, t::requireReversible);
    }

    @Test
    void aDeclinedCaptureLeavesTheAuthorizationApproved() {
        CardTransaction t = approved("10.00");
        t.captured(EventResult.Declined, "05", new BigDecimal("10.00"), NOW);
        assertEquals(TransactionStatus.Approved, t.status());
        assertEquals(0, t.capturedAmount().signum());
    }

    @Test
    void refundsUpToTheCapturedAmount() {
        CardTransaction t = approved("10.00");
        assertThrows(AppException.class, () -> t.refundAmount(null, BigDecimal.ZERO)); // not captured
        t.captured(EventResult.Approved, "00", new BigDecimal("8.00"), NOW);
        t.refunded(EventResult.Approved, "00", t.refundAmount(new BigDecimal("3.00"), BigDecimal.ZERO), NOW);
        assertEquals(TransactionStatus.PartiallyRefunded, t.status());
        assertThrows(AppException.class, () -> t.refundAmount(new BigDecimal("5.01"), BigDecimal.ZERO));
        assertEquals(new BigDecimal("5.00"), t.refundAmount(null, BigDecimal.ZERO));
        t.refunded(EventResult.Approved, "00", t.refundAmount(null, BigDecimal.ZERO), NOW);
        assertEquals(TransactionStatus.Refunded, t.status());
        assertThrows(AppException.class, () -> t.refundAmount(null, BigDecimal.ZERO));
    }

    @Test
    void refundsUpToTheCapturedAmountLessStandingChargebacks() {
        CardTransaction t = approved("10.00");
        t.captured(EventResult.Approved, "00", new BigDecimal("10.00"), NOW);
        BigDecimal chargedBack = new BigDecimal("6.00");
        assertThrows(AppException.class, () -> t.refundAmount(new BigDecimal("4.01"), chargedBack));
        assertEquals(new BigDecimal("4.00"), t.refundAmount(null, chargedBack));
        t.refunded(EventResult.Approved, "00", t.refundAmount(new BigDecimal("3.00"), chargedBack), NOW);
        assertEquals(new BigDecimal("1.00"), t.refundAmount(null, chargedBack));
        t.refunded(EventResult.Approved, "00", t.refundAmount(null, chargedBack), NOW);
        // Nothing is left: neither a whole nor a partial refund passes, though the status is PartiallyRefunded.
        assertEquals(TransactionStatus.PartiallyRefunded, t.status());
        assertThrows(AppException.class, () -> t.refundAmount(null, chargedBack));
        assertThrows(AppException.class, () -> t.refundAmount(new BigDecimal("0.01"), chargedBack));
        // A chargeback larger than what refunds left (recorded from the processor regardless) leaves nothing, not less.
        assertThrows(AppException.class, () -> t.refundAmount(null, new BigDecimal("10.00")));
    }

    @Test
    void reverseOnlyFromApproved() {
        CardTransaction t = approved("10.00");
        t.requireReversible();
        TransactionEvent reversal = t.reversed(EventResult.Approved, "00", NOW);
        assertEquals("ReverseAuthorize", reversal.eventType());
        assertEquals(TransactionStatus.Reversed, t.status());
        assertThrows(AppException.class, t::requireReversible);
        assertThrows(AppException.class, () -> t.captureAmount(null));
        assertThrows(AppException.class, () -> t.refundAmount(null, BigDecimal.ZERO));
    }

    @Test
    void settlementOnceAfterTheCutoff() {
        CardTransaction t = approved("10.00");
        assertFalse(t.awaitsSettlement(NOW.plusDays(1)));
        t.captured(EventResult.Approved, "00", new BigDecimal("10.00"), NOW);
        assertFalse(t.awaitsSettlement(NOW.minusSeconds(1)));
        assertTrue(t.awaitsSettlement(NOW));
        TransactionEvent settle = t.settled(EventResult.Approved, "00", NOW.plusHours(1));
        assertEquals("Settle", settle.eventType());
        assertEquals(TransactionStatus.Settled, t.status());
        assertFalse(t.awaitsSettlement(NOW.plusDays(1)));
        t.refunded(EventResult.Approved, "00", t.refundAmount(new BigDecimal("1"), BigDecimal.ZERO), NOW);
        assertEquals(TransactionStatus.PartiallyRefunded, t.status());
    }

    @Test
    void onlyApprovedRefundsAwaitSettlement() {
        CardTransaction t = approved("10.00");
        t.captured(EventResult.Approved, "00", new BigDecimal("10.00"), NOW);
        TransactionEvent declined = t.refunded(EventResult.Declined, "05", new BigDecimal("1.00"), NOW);
        TransactionEvent approved = t.refunded(EventResult.Approved, "00", new BigDecimal("1.00"), NOW);
        assertFalse(declined.awaitingSettlement());
        assertTrue(approved.awaitingSettlement());
        assertEquals(new BigDecimal("1.00"), t.refundedAmount());
    }

    // ---- unknown outcomes (DESIGN.md section 11)

    @Test
    void aPendingAuthorizationCannotMoveUntilItsOutcomeIsKnown() {
        CardTransaction t = fresh("10.00");
        TransactionEvent event = t.authorized(EventResult.Pending, null, "simt_a_1", NOW);
        assertEquals(TransactionStatus.Pending, t.status());
        assertEquals("simt_a_1", event.processorReference());
        assertEquals(Optional.of(Topic.TRANSACTION_PENDING), event.topic());
        assertThrows(AppException.class, () -> t.captureAmount(null));
        assertThrows(AppException.class, t::requireReversible);
        assertThrows(AppException.class, () -> t.refundAmount(null, BigDecimal.ZERO));
        t.resolve(event, EventResult.Approved, "00", NOW.plusMinutes(1));
        assertEquals(TransactionStatus.Approved, t.status());
        assertEquals("Approved", event.eventResult());
        assertEquals("00", event.resultCode());
        assertEquals(Optional.of(Topic.TRANSACTION_AUTHORIZED), event.topic());
        assertEquals(new BigDecimal("10.00"), t.captureAmount(null));
    }

    @Test
    void aPendingAuthorizationLearnedDeclined() {
        CardTransaction t = fresh("10.00");
        TransactionEvent event = t.authorized(EventResult.Pending, null, "simt_n_1", NOW);
        t.resolve(event, EventResult.Declined, "91", NOW);
        assertEquals(TransactionStatus.Declined, t.status());
        assertEquals(Optional.of(Topic.TRANSACTION_DECLINED), event.topic());
    }

    @Test
    void aPendingCaptureLeavesTheTransactionAsItWasUntilKnown() {
        CardTransaction t = approved("10.00");
        TransactionEvent capture = t.captured(EventResult.Pending, null, new BigDecimal("4.00"), NOW);
        assertEquals(TransactionStatus.Approved, t.status());
        assertEquals(Optional.empty(), capture.topic());
        t.resolve(capture, EventResult.Approved, "00", NOW);
        assertEquals(TransactionStatus.Captured, t.status());
        assertEquals(0, new BigDecimal("4.00").compareTo(t.capturedAmount()));
        assertEquals(Optional.of(Topic.TRANSACTION_CAPTURED), capture.topic());
    }

    @Test
    void aPendingRefundLearnedApprovedAwaitsSettlement() {
        CardTransaction t = approved("10.00");
        t.captured(EventResult.Approved, "00", new BigDecimal("10.00"), NOW);
        TransactionEvent refund = t.refunded(EventResult.Pending, null, new BigDecimal("3.00"), NOW);
        assertEquals(TransactionStatus.Captured, t.status());
        assertTrue(!refund.awaitingSettlement());
        t.resolve(refund, EventResult.Approved, "00", NOW);
        assertEquals(TransactionStatus.PartiallyRefunded, t.status());
        assertTrue(refund.awaitingSettlement());
    }

    @Test
    void aPendingReversalLearnedErrorLeavesItApproved() {
        CardTransaction t = approved("10.00");
        TransactionEvent reversal = t.reversed(EventResult.Pending, null, NOW);
        t.resolve(reversal, EventResult.Error, "68", NOW);
        assertEquals(TransactionStatus.Approved, t.status());
        assertEquals("Error", reversal.eventResult());
    }
}
