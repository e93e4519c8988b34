package com.paycore.chargeback;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import com.paycore.platform.web.AppException;

/** DESIGN.md section 7's chargeback states, with a fixed clock. */
class ChargebackTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-22T10:00:00Z"), ZoneOffset.UTC);
    private static final OffsetDateTime NOW = OffsetDateTime.now(CLOCK);

    private static Chargeback pending(OffsetDateTime respondBy) {
        return new Chargeback(UUID.randomUUID(), UUID.randomUUID(), UUID.randomUUID(), UUID.randomUUID(),
                BigDecimal.TEN, "USD", "Fraud", "10.4", NOW.minusDays(1), respondBy);
    }

    @Test
    void pendingCanBeAcceptedOnce() {
        Chargeback c = pending(NOW.plusDays(9));
        c.accept(NOW);
        assertEquals(Chargeback.Status.Accepted, c.status());
        assertThrows(AppException.class, () -> c.accept(NOW));
        assertThrows(AppException.class, () -> c.dispute("x", NOW));
        assertThrows(AppException.class, () -> c.resolve(true, NOW));
    }

    @Test
    void disputedIsResolvedOnce() {
        Chargeback c = pending(NOW.plusDays(9));
        assertThrows(AppException.class, () -> c.resolve(true, NOW));
        c.dispute("receipt", NOW);
        assertEquals(Chargeback.Status.Disputed, c.status());
        assertThrows(AppException.class, () -> c.accept(NOW));
        c.resolve(false, NOW);
        assertEquals(Chargeback.Status.Lost, c.status());
        assertThrows(AppException.class, () -> c.resolve(true, NOW));
    }

    @Test
    void overdueOnlyWhilePendingAndPastTheRespondByDate() {
        Chargeback due = pending(NOW.minusSeconds(1));
        Chargeback exactlyNow = pending(NOW);
        assertTrue(due.overdue(NOW));
        assertFalse(exactlyNow.overdue(NOW));
        assertThrows(AppException.class, () -> due.dispute("late", NOW));
        due.acceptAutomatically(NOW);
        assertEquals(Chargeback.Status.Accepted, due.status());
        assertTrue(due.acceptedAutomatically());
        assertFalse(due.overdue(NOW.plusDays(1)));
    }

    @Test
    void autoAcceptIntervalSetting() {
        assertEquals(300, ChargebackSchedule.interval(null));
        assertEquals(0, ChargebackSchedule.interval("0"));
        assertThrows(IllegalArgumentException.class, () -> ChargebackSchedule.interval("-5"));
        assertThrows(IllegalArgumentException.class, () -> ChargebackSchedule.interval("often"));
    }
}
