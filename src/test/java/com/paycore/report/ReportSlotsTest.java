package com.paycore.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import com.paycore.platform.web.AppException;

class ReportSlotsTest {

    @Test
    void aCompanyRunsAtMostTheLimitAtOnceAndAFreedSlotServesAgain() {
        ReportSlots slots = new ReportSlots(2);
        UUID company = UUID.randomUUID();
        ReportSlots.Slot first = slots.take(company);
        ReportSlots.Slot second = slots.take(company);
        AppException busy = assertThrows(AppException.class, () -> slots.take(company));
        assertEquals(429, busy.code().status());
        assertTrue(busy.getMessage().contains("2 reports running")
                && busy.getMessage().contains("payments.reports.max-concurrent-per-company"), busy.getMessage());
        ReportSlots.Slot other = slots.take(UUID.randomUUID()); // another company's slots are its own
        first.close();
        first.close(); // closing twice frees one slot only
        assertEquals(1, slots.running(company));
        ReportSlots.Slot third = slots.take(company);
        assertThrows(AppException.class, () -> slots.take(company));
        second.close();
        third.close();
        other.close();
        assertEquals(0, slots.running(company));
    }

    @Test
    void theLimitIsAtLeastOne() {
        assertThrows(IllegalArgumentException.class, () -> new ReportSlots(0));
    }

    @Test
    void theStatementTimeoutIsAnIsoDurationOrSeconds() {
        assertEquals(Duration.ofSeconds(15), ReportService.timeout("PT15S"));
        assertEquals(Duration.ofSeconds(15), ReportService.timeout("15"));
        assertEquals(Duration.ofMillis(1), ReportService.timeout("0.001"));
        assertEquals(Duration.ofMillis(1), ReportService.timeout("PT0.0001S")); // rounds up to whole milliseconds
        assertEquals(Duration.ofMillis(1500), ReportService.timeout(" PT1.5S "));
        for (String bad : new String[] {"0", "PT0S", "-1", "PT-1S", "fifteen", "", null}) {
            assertThrows(IllegalArgumentException.class, () -> ReportService.timeout(bad), bad);
        }
        assertEquals("15 s", ReportService.describe(Duration.ofSeconds(15)));
        assertEquals("1 ms", ReportService.describe(Duration.ofMillis(1)));
        assertEquals("1.5 s", ReportService.describe(Duration.ofMillis(1500)));
    }
}
