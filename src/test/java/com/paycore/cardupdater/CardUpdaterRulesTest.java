package com.paycore.cardupdater;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.OffsetDateTime;
import java.time.YearMonth;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import com.paycore.platform.web.AppException;
import com.paycore.processor.PaymentGateway.AccountUpdate.Kind;
import com.paycore.vault.AccountUpdates;

class CardUpdaterRulesTest {

    @Test
    void aPeriodIsTheCalendarMonthInUtc() {
        assertEquals(OffsetDateTime.parse("2025-03-01T00:00Z"),
                CardUpdaterService.periodStart(OffsetDateTime.parse("2025-03-31T23:59:59.999Z")));
        // 1 April 01:00 in Berlin is still 31 March in UTC
        assertEquals(OffsetDateTime.parse("2025-03-01T00:00Z"),
                CardUpdaterService.periodStart(OffsetDateTime.parse("2025-04-01T01:00+02:00")));
        assertEquals(OffsetDateTime.parse("2025-04-01T00:00Z"),
                CardUpdaterService.periodStart(OffsetDateTime.parse("2025-04-01T00:00Z")));
    }

    @Test
    void countsGoByOutcomeAndType() {
        RunCounts counts = RunCounts.ZERO;
        for (Kind kind : List.of(Kind.CardExpired, Kind.CardReplaced, Kind.AccountClosed, Kind.ContactCardholder,
                Kind.ContactCardholder)) {
            counts = counts.plus(result(AccountUpdates.Outcome.Updated, kind));
        }
        counts = counts.plus(result(AccountUpdates.Outcome.NoChange, Kind.NoChange))
                .plus(result(AccountUpdates.Outcome.Failed, null))
                .plus(result(AccountUpdates.Outcome.Skipped, null));
        assertEquals(new RunCounts(6, 1, 1, 1, 2, 1, 1), counts);
        assertEquals(List.of("CardExpired", "CardReplaced", "AccountClosed", "ContactCardholder", "NoChange"),
                List.copyOf(counts.byType().keySet()));
        assertEquals(2, counts.byType().get("ContactCardholder"));
    }

    @Test
    void updateTypeIsOneOfTheFourNames() {
        assertNull(UpdateType.parse(null));
        assertNull(UpdateType.parse(""));
        assertEquals(UpdateType.CardReplaced, UpdateType.parse("CardReplaced"));
        for (String bad : new String[] {"NoChange", "cardreplaced", "Closed", "1"}) {
            assertThrows(AppException.class, () -> UpdateType.parse(bad), bad);
        }
    }

    private static AccountUpdates.Result result(AccountUpdates.Outcome outcome, Kind kind) {
        YearMonth expiry = YearMonth.of(2031, 12);
        return new AccountUpdates.Result(outcome, UUID.randomUUID(), UUID.randomUUID(), kind, "0341", "4242", expiry,
                expiry, null);
    }
}
