package com.paycore.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Locale;
import java.util.UUID;

import jakarta.json.Json;

import org.junit.jupiter.api.Test;

import com.paycore.run.RunView;
import com.paycore.webhook.DeliveryView;

/** How the webhooks and runs pages word a delivery and a run: errors in words, next attempts, Retry, progress. */
class OperationsRowsTest {

    private static final LocalFormats US = new LocalFormats(Locale.US);
    private static final OffsetDateTime AT = OffsetDateTime.of(2026, 11, 26, 17, 0, 0, 0, ZoneOffset.UTC);

    private static DeliveryView delivery(String status, OffsetDateTime retryQueued, Integer http, String error, boolean manual) {
        return new DeliveryView(UUID.randomUUID(), "transaction.authorized", status, 3,
                "Pending".equals(status) ? AT.plusMinutes(5) : null, retryQueued, AT, http, error, manual);
    }

    @Test
    void aFailedDeliveryIsWordedAndOffersRetry() {
        WebhooksPage.ListedDelivery failed = WebhooksPage.listed(UUID.randomUUID(), delivery("Failed", null, 500, null, false), US);
        assertEquals("the receiver answered HTTP 500, not a 2xx", failed.error());
        assertEquals("500", failed.httpStatus());
        assertTrue(failed.next().startsWith("none: given up"), failed.next());
        assertTrue(failed.retryable());

        WebhooksPage.ListedDelivery noAnswer = WebhooksPage.listed(UUID.randomUUID(),
                delivery("Pending", null, null, "no answer within 2000 ms", false), US);
        assertEquals("no answer", noAnswer.httpStatus());
        assertEquals("no answer within 2000 ms", noAnswer.error(), "the log's own phrase");
        assertEquals(US.dateTime(AT.plusMinutes(5)), noAnswer.next());
        assertTrue(noAnswer.retryable());
    }

    @Test
    void noRetryWhenTheLatestAttemptSucceededOrOneIsQueued() {
        WebhooksPage.ListedDelivery retried = WebhooksPage.listed(UUID.randomUUID(), delivery("Failed", null, 200, null, true), US);
        assertFalse(retried.retryable());
        assertEquals("", retried.error());
        assertTrue(retried.lastAttempt().endsWith("(manual retry)"), retried.lastAttempt());

        WebhooksPage.ListedDelivery queued = WebhooksPage.listed(UUID.randomUUID(), delivery("Failed", AT, 500, null, false), US);
        assertFalse(queued.retryable());
        assertEquals("manual retry queued", queued.next());

        assertEquals("none: delivered", WebhooksPage.listed(UUID.randomUUID(), delivery("Delivered", null, 204, null, false), US).next());
    }

    private static RunView run(String state, long done, Long total) {
        return new RunView(UUID.randomUUID(), "Settlement", state, null, UUID.randomUUID(), done, total,
                total == null ? null : total - done,
                "Succeeded".equals(state) ? Json.createObjectBuilder().add("settled", 4).add("cutoff", "2026-11-26T17:00:00Z").build() : null,
                null, AT, AT, null);
    }

    @Test
    void progressIsAPercentageOfTheTotalOnceKnown() {
        assertEquals(40, RunsPage.listed(run("Running", 40, 100L), US).percent());
        assertEquals("40 of 100 done", RunsPage.listed(run("Running", 40, 100L), US).items());
        assertNull(RunsPage.listed(run("Running", 0, null), US).percent(), "unknown total: an indeterminate bar");
        assertEquals(0, RunsPage.listed(run("Running", 0, 0L), US).percent());
        RunsPage.ListedRun done = RunsPage.listed(run("Succeeded", 4, 4L), US);
        assertEquals(100, done.percent());
        assertEquals("settled: 4, cutoff: 2026-11-26T17:00:00Z", done.outcome());
        assertTrue(RunsPage.listed(run("Running", 1, 2L), US).running());
        assertFalse(done.running());
    }
}
