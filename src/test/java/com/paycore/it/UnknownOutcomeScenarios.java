package com.paycore.it;

import static com.paycore.it.Api.asRoot;
import static com.paycore.it.Api.ok;
import static com.paycore.it.Api.refused;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import com.paycore.it.clock.ClockShiftFilter;

import io.restassured.response.Response;

/**
 * Outcomes that are not known yet (DESIGN.md section 11): processor calls that time out
 * (payments.processor.timeout-ms is lowered for the tests), the Simulator's two timeout cards and the
 * reconciliation job, run here through POST /api/adm/reconciliation/run on both instances.
 */
abstract class UnknownOutcomeScenarios {

    static final String RUN = "/api/adm/reconciliation/run";
    static final String TIMES_OUT_APPROVED = "4000000000000408";
    static final String TIMES_OUT_UNREACHED = "4000000000000416";

    static Map<String, Object> authorization(String token, String amount, boolean capture) {
        Map<String, Object> request = new HashMap<>();
        request.put("paymentToken", token);
        request.put("amount", new BigDecimal(amount));
        request.put("currency", "USD");
        request.put("capture", capture);
        return request;
    }

    /** A Pending authorization of a fresh token of the card: its id. */
    static UUID aPendingAuthorization(Cards.Shop shop, String card) {
        Response r = shop.pay().body(authorization(shop.aToken(card), "10.00", false)).post(shop.transactions());
        assertEquals(202, r.statusCode(), r.asString());
        assertEquals("Pending", JsonBody.of(r).getString("status"));
        return UUID.fromString(JsonBody.of(r).getString("id"));
    }

    static JsonBody run() {
        return ok(asRoot().post(RUN));
    }

    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> eventsOf(Map<String, Object> entry) {
        return (List<Map<String, Object>>) entry.get("events");
    }

    static long count(String sql, Object value) throws Exception {
        try (Connection db = DatabaseDump.connect(); PreparedStatement st = db.prepareStatement(sql)) {
            st.setObject(1, value);
            try (ResultSet rs = st.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    @Test
    void aTimedOutAuthorizationIsPendingUntilTheJobLearnsItWasApproved() throws Exception {
        Cards.Shop shop = Cards.aShop();
        String token = shop.aToken(TIMES_OUT_APPROVED);
        String key = UUID.randomUUID().toString();
        Response first = shop.pay().header("Idempotency-Key", key).body(authorization(token, "10.00", false))
                .post(shop.transactions());
        assertEquals(202, first.statusCode(), first.asString());
        assertEquals("Pending", JsonBody.of(first).getString("status"));
        UUID id = UUID.fromString(JsonBody.of(first).getString("id"));
        assertTrue(first.header("Location").endsWith(id.toString()), first.header("Location"));

        // a repeat while the outcome is pending answers the pending answer, and nothing runs twice
        Response again = shop.pay().header("Idempotency-Key", key).body(authorization(token, "10.00", false))
                .post(shop.transactions());
        assertEquals(202, again.statusCode(), again.asString());
        assertEquals("true", again.header("Idempotent-Replayed"));
        assertEquals(id.toString(), JsonBody.of(again).getString("id"));
        assertEquals("Pending", JsonBody.of(again).getString("status"));

        Map<String, Object> entry = shop.transaction(id);
        assertEquals("Pending", entry.get("status"));
        assertNull(entry.get("resultCode"));
        assertEquals(1, eventsOf(entry).size());
        assertEquals("Pending", eventsOf(entry).get(0).get("eventResult"));
        assertEquals(1, ok(shop.pay().queryParam("status", "Pending").get(shop.transactions())).getList("entries").size());

        // nothing moves a Pending transaction
        refused(shop.move(id, "capture", Map.of()), 400);
        refused(shop.move(id, "refund", Map.of()), 400);
        refused(shop.move(id, "reverse", Map.of()), 400);

        assertTrue(run().getInt("resolved") >= 1);
        entry = shop.transaction(id);
        assertEquals("Approved", entry.get("status"));
        assertEquals("00", entry.get("resultCode"));
        assertEquals(1, eventsOf(entry).size(), "the Pending event took the final result: " + entry);
        assertEquals("Authorize", eventsOf(entry).get(0).get("eventType"));
        assertEquals("Approved", eventsOf(entry).get(0).get("eventResult"));
        assertEquals("00", eventsOf(entry).get(0).get("resultCode"));
        List<Map<String, Object>> events = EventScenarios.events(shop, Map.of("limit", 100));
        assertEquals(List.of("transaction.authorized", "transaction.pending"),
                EventScenarios.typesOf(events, id).stream().sorted().toList(), "the pending event, then the final one");
        assertEquals("Approved", EventScenarios.data(EventScenarios.of(events, id, "transaction.authorized")).get("status"));
        assertEquals("Pending", EventScenarios.data(EventScenarios.of(events, id, "transaction.pending")).get("status"));

        // known now: it moves like any authorization
        ok(shop.move(id, "capture", Map.of()));
        assertEquals("Captured", shop.transaction(id).get("status"));
        run();
        assertEquals("Captured", shop.transaction(id).get("status"), "a known outcome is not reconciled again");
        assertEquals(1, count("select count(*) from transaction_events where transaction_id = ? and event_type = 'Authorize'", id));
    }

    @Test
    void aSaleThatNeverReachedTheProcessorIsLearnedDeclinedWithCode91() {
        Cards.Shop shop = Cards.aShop();
        Response r = shop.pay().body(authorization(shop.aToken(TIMES_OUT_UNREACHED), "12.00", true)).post(shop.transactions());
        assertEquals(202, r.statusCode(), r.asString());
        UUID id = UUID.fromString(JsonBody.of(r).getString("id"));
        assertEquals(List.of("Authorize"), eventsOf(shop.transaction(id)).stream().map(e -> e.get("eventType")).toList(),
                "no capture is sent while the authorization is unknown");
        run();
        Map<String, Object> entry = shop.transaction(id);
        assertEquals("Declined", entry.get("status"));
        assertEquals("91", entry.get("resultCode"));
        assertEquals(1, eventsOf(entry).size());
        assertEquals("Declined", eventsOf(entry).get(0).get("eventResult"));
        List<Map<String, Object>> events = EventScenarios.events(shop, Map.of("limit", 100));
        assertEquals(List.of("transaction.declined", "transaction.pending"),
                EventScenarios.typesOf(events, id).stream().sorted().toList());
        refused(shop.move(id, "capture", Map.of()), 400);
    }

    @Test
    void reconciliationRunsOnBothInstancesHandleEachItemOnce() throws Exception {
        Cards.Shop shop = Cards.aShop();
        // made at once: each waits out the processor timeout
        List<UUID> pending = Parallel.run(6, i -> aPendingAuthorization(shop, i % 2 == 0 ? TIMES_OUT_APPROVED
                : TIMES_OUT_UNREACHED));
        String root = Api.rootToken();
        List<Response> runs = Parallel.run(4, i -> (i % 2 == 0 ? Api.as(root) : Api.onSecondInstance(root)).post(RUN));
        int resolved = 0;
        for (Response r : runs) {
            resolved += ok(r).getInt("resolved");
        }
        assertTrue(resolved >= pending.size(), "every item resolved by one of the runs: " + resolved);
        List<Map<String, Object>> events = EventScenarios.events(shop, Map.of("limit", 100));
        for (int i = 0; i < pending.size(); i++) {
            UUID id = pending.get(i);
            Map<String, Object> entry = shop.transaction(id);
            assertEquals(i % 2 == 0 ? "Approved" : "Declined", entry.get("status"), entry.toString());
            assertEquals(1, eventsOf(entry).size(), entry.toString());
            List<String> types = EventScenarios.typesOf(events, id);
            assertEquals(2, types.size(), "one pending and one final event: " + types);
            assertTrue(types.contains("transaction.pending"), types.toString());
            assertTrue(types.contains(i % 2 == 0 ? "transaction.authorized" : "transaction.declined"), types.toString());
        }
    }

    @Test
    void anOutcomeNeverLearnedBecomesErrorAfterTheGiveUpHours() throws Exception {
        Cards.Shop shop = Cards.aShop();
        OffsetDateTime from = OffsetDateTime.now(ZoneOffset.UTC).minusSeconds(5);
        UUID id = aPendingAuthorization(shop, TIMES_OUT_APPROVED);
        // the processor lost the call: the Simulator never answers about a reference it did not give
        try (Connection db = DatabaseDump.connect(); PreparedStatement st = db.prepareStatement(
                "update transaction_events set processor_reference = 'sim_lost' where transaction_id = ?")) {
            st.setObject(1, id);
            assertEquals(1, st.executeUpdate());
        }
        run();
        assertEquals("Pending", shop.transaction(id).get("status"), "not given up before the give-up hours");
        // a run 23 h 59 min later still waits; one 24 h 1 min later (payments.reconciliation.give-up-hours) gives up
        ok(asRoot().header(ClockShiftFilter.HEADER, "PT23H59M").post(RUN));
        assertEquals("Pending", shop.transaction(id).get("status"), "not given up a minute before the give-up hours");
        assertTrue(ok(asRoot().header(ClockShiftFilter.HEADER, "PT24H1M").post(RUN)).getInt("gaveUp") >= 1);
        Map<String, Object> entry = shop.transaction(id);
        assertEquals("Error", entry.get("status"));
        assertEquals("68", entry.get("resultCode"));
        assertEquals("Error", eventsOf(entry).get(0).get("eventResult"));
        assertTrue(Api.audited(ok(Api.auditOf(shop.companyId(), from)).getList("entries"), "ReconciliationGaveUp", id));
        List<String> types = EventScenarios.typesOf(EventScenarios.events(shop, Map.of("limit", 100)), id);
        assertTrue(types.contains("transaction.failed") && types.contains("transaction.pending"), types.toString());
    }

    @Test
    void aCaptureThatTimesOutLeavesTheTransactionAsItWasUntilKnown() throws Exception {
        // A move goes with the processor settings its authorization pinned, so the capture alone is made slow at the
        // host: gateway 2's test host does not answer this capture's amount until told to.
        Cards.Shop shop = AcquirerScenarios.aShop();
        UUID id = Api.created(AcquirerScenarios.authorize(shop, shop.aToken(AcquirerScenarios.aPan()), "999.99", false));
        String amount = AcquirerScenarios.anAmount();
        AcquirerScenarios.host().silentAmount(AcquirerScenarios.field4(amount));

        String key = Api.unique("capture");
        Response capture = shop.move(id, "capture", Map.of("amount", new BigDecimal(amount)), key);
        assertEquals(202, capture.statusCode(), capture.asString());
        assertEquals("Pending", JsonBody.of(capture).getString("eventResult"), capture.asString());
        assertEquals("Approved", JsonBody.of(capture).getString("status"));
        // the same Idempotency-Key replays the same 202 and body; nothing is sent again
        Response replay = shop.move(id, "capture", Map.of("amount", new BigDecimal(amount)), key);
        assertEquals(202, replay.statusCode(), replay.asString());
        assertEquals("true", replay.header("Idempotent-Replayed"));
        assertEquals(JsonBody.of(capture).getString("captureId"), JsonBody.of(replay).getString("captureId"));
        refused(shop.move(id, "capture", Map.of()), 400);
        refused(shop.move(id, "reverse", Map.of()), 400);
        assertEquals("Approved", shop.transaction(id).get("status"));

        AcquirerScenarios.host().silentAmounts().remove(AcquirerScenarios.field4(amount));
        run();
        Map<String, Object> entry = shop.transaction(id);
        assertEquals("Captured", entry.get("status"));
        assertEquals(0, new BigDecimal(amount).compareTo((BigDecimal) entry.get("capturedAmount")));
        assertEquals("Approved", eventsOf(entry).get(1).get("eventResult"));
        assertEquals(2, eventsOf(entry).size());
        assertTrue(EventScenarios.typesOf(EventScenarios.events(shop, Map.of("limit", 100)), id).contains("transaction.captured"));
    }
}
