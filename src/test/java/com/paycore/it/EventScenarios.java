package com.paycore.it;

import static com.paycore.it.Api.asRoot;
import static com.paycore.it.Api.ok;
import static com.paycore.it.Api.refused;
import static com.paycore.it.Cards.aShop;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.Statement;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import io.restassured.response.Response;

/**
 * Events (DESIGN.md section 10): every state change of section 10 is one event, written in the database
 * transaction of the change (the outbox), with the resource as its own read shows it; the events API lists and gets
 * them for the project's key only.
 */
abstract class EventScenarios {

    // ---- Transactions ----

    @Test
    void everyChangeOfATransactionIsOneEventCarryingTheTransactionAsE16ShowsIt() {
        Cards.Shop shop = aShop();
        UUID captured = shop.anAuthorization("4111111111111111", "10.00", false);
        ok(shop.move(captured, "capture", Map.of("amount", new BigDecimal("4.00"))));
        ok(shop.move(captured, "refund", Map.of("amount", new BigDecimal("1.00"))));
        UUID sale = shop.anAuthorization("5555555555554444", "5.00", true);
        UUID reversed = shop.anAuthorization("4111111111111111", "3.00", false);
        ok(shop.move(reversed, "reverse", Map.of()));
        UUID declined = UUID.fromString(ok(shop.authorize(shop.aToken("4000000000000002"), "2.00", false)).getString("id"));
        UUID failed = UUID.fromString(ok(shop.authorize(shop.aToken("4000000000000119"), "2.00", false)).getString("id"));
        refused(shop.move(reversed, "capture", Map.of()), 400); // refused: no change, no event
        LongRuns.outcome(asRoot().post("/api/adm/settlements/run"));

        List<Map<String, Object>> events = events(shop, Map.of("limit", 100));
        assertEquals(List.of("transaction.authorized", "transaction.captured", "transaction.refunded",
                "transaction.settled", "transaction.refund_settled"), typesOf(events, captured));
        assertEquals(List.of("transaction.authorized", "transaction.captured", "transaction.settled"), typesOf(events, sale));
        assertEquals(List.of("transaction.authorized", "transaction.reversed"), typesOf(events, reversed));
        assertEquals(List.of("transaction.declined"), typesOf(events, declined));
        assertEquals(List.of("transaction.failed"), typesOf(events, failed));
        assertEquals(12, events.size(), "no other event: " + events);

        // data is the transaction as it was when the event was made: the newest event shows it as E16 does now
        assertEquals(shop.transaction(captured), newest(events, captured).get("data"));
        assertEquals(shop.transaction(reversed), newest(events, reversed).get("data"));
        Map<String, Object> saleAuthorized = of(events, sale, "transaction.authorized");
        assertEquals("Approved", data(saleAuthorized).get("status"));
        assertEquals(1, TransactionScenarios.events(data(saleAuthorized)).size());
        assertEquals("Captured", data(of(events, sale, "transaction.captured")).get("status"));
        assertEquals("Declined", data(of(events, declined, "transaction.declined")).get("status"));
        for (Map<String, Object> event : events) {
            assertEquals(shop.projectId().toString(), event.get("companyProjectId"));
            OffsetDateTime.parse((String) event.get("createdDate"));
            UUID.fromString((String) event.get("id"));
            assertEquals(List.of("id", "type", "createdDate", "companyProjectId", "data"), List.copyOf(event.keySet()));
        }
    }

    @Test
    void aChangeThatRollsBackLeavesNoEventAndAnEventThatCannotBeWrittenUndoesItsChange() throws Exception {
        Cards.Shop shop = aShop();
        String marker = "rollback-" + UUID.randomUUID();
        String refusedOrder = "refused-" + UUID.randomUUID();
        String constraint = "ck_events_test_" + marker.substring(9, 17);
        Map<String, Object> request = new HashMap<>(Map.of("paymentToken", shop.aToken("4111111111111111"),
                "amount", new BigDecimal("8.00"), "currency", "USD", "capture", true, "orderId", marker));
        UUID sale = Api.created(shop.pay().body(request).post(shop.transactions()));
        // From now on the database refuses a refund event of that sale, and any event of the order refusedOrder: the
        // change that records one must fail whole.
        try (Connection db = DatabaseDump.connect(); Statement st = db.createStatement()) {
            st.execute("alter table events add constraint " + constraint + " check ((type <> 'transaction.refunded' "
                    + "or body not like '%" + marker + "%') and body not like '%" + refusedOrder + "%')");
        }
        try {
            Response refund = shop.move(sale, "refund", Map.of("amount", new BigDecimal("2.00")));
            assertEquals(500, refund.statusCode(), refund.asString()); // JPA path: refund and its event together
            request.put("paymentToken", shop.aToken("4111111111111111"));
            request.put("orderId", refusedOrder);
            Response authorization = shop.pay().body(request).post(shop.transactions());
            assertEquals(500, authorization.statusCode(), authorization.asString()); // the JDBC compound statement
        } finally {
            try (Connection db = DatabaseDump.connect(); Statement st = db.createStatement()) {
                st.execute("alter table events drop constraint " + constraint);
            }
        }
        Map<String, Object> transaction = shop.transaction(sale);
        assertEquals(List.of("Authorize", "Capture"), TransactionScenarios.types(transaction));
        assertEquals("Captured", transaction.get("status"));
        List<Map<String, Object>> transactions = ok(shop.pay().queryParam("limit", 100)
                .get(shop.transactions())).exact().getList("entries");
        assertEquals(1, transactions.stream().filter(t -> marker.equals(t.get("orderId"))).count());
        assertEquals(0, transactions.stream().filter(t -> refusedOrder.equals(t.get("orderId"))).count(),
                "the refused authorization left no transaction");
        List<Map<String, Object>> events = events(shop, Map.of("limit", 100));
        assertEquals(List.of("transaction.authorized", "transaction.captured"), typesOf(events, sale));
        assertEquals(2, events.size(), events.toString());
        // and once the database takes events again, the same refund is recorded with its event
        ok(shop.move(sale, "refund", Map.of("amount", new BigDecimal("2.00"))));
        assertEquals(List.of("transaction.authorized", "transaction.captured", "transaction.refunded"),
                typesOf(events(shop, Map.of("limit", 100)), sale));
    }

    // ---- Chargebacks ----

    @Test
    void everyChangeOfAChargebackIsOneEventCarryingTheChargebackAsE2ShowsIt() {
        Cards.Shop shop = aShop();
        UUID accepted = ChargebackScenarios.aChargeback(shop);
        ok(shop.pay().post(ChargebackScenarios.path(shop, accepted, "accept")));
        UUID won = ChargebackScenarios.aChargeback(shop);
        ok(shop.pay().body(Map.of("evidence", "signed receipt")).post(ChargebackScenarios.path(shop, won, "dispute")));
        ok(asRoot().body(Map.of("outcome", "Won")).post(ChargebackScenarios.CHARGEBACKS + "/" + won + "/resolve"));
        UUID lost = ChargebackScenarios.aChargeback(shop);
        ok(shop.pay().body(Map.of("evidence", "signed receipt")).post(ChargebackScenarios.path(shop, lost, "dispute")));
        ok(asRoot().body(Map.of("outcome", "Lost")).post(ChargebackScenarios.CHARGEBACKS + "/" + lost + "/resolve"));
        UUID sale = shop.anAuthorization("4111111111111111", "10.00", true);
        OffsetDateTime past = OffsetDateTime.now(ZoneOffset.UTC).minusDays(20);
        UUID overdue = Api.created(ChargebackScenarios.record(sale, Map.of("amount", 1,
                "chargebackDate", past.toString(), "respondByDate", past.plusDays(1).toString())));
        ok(asRoot().post(ChargebackScenarios.CHARGEBACKS + "/autoAcceptance/run"));

        List<Map<String, Object>> events = events(shop, Map.of("limit", 100));
        assertEquals(List.of("chargeback.opened", "chargeback.accepted"), chargebackTypes(events, accepted));
        assertEquals(List.of("chargeback.opened", "chargeback.disputed", "chargeback.won"), chargebackTypes(events, won));
        assertEquals(List.of("chargeback.opened", "chargeback.disputed", "chargeback.lost"), chargebackTypes(events, lost));
        assertEquals(List.of("chargeback.opened", "chargeback.accepted"), chargebackTypes(events, overdue));
        Map<String, Object> automatic = newestOfChargeback(events, overdue);
        assertEquals(true, data(automatic).get("acceptedAutomatically"));
        assertEquals("Accepted", data(automatic).get("status"));
        Map<String, Object> e2 = ChargebackScenarios.e2(shop, Map.of("chargebackId", won.toString())).get(0);
        assertEquals(e2, newestOfChargeback(events, won).get("data"));
    }

    @Test
    void theSimulatorsDisputeAtSettlementIsAChargebackOpenedEvent() {
        Cards.Shop shop = aShop();
        UUID sale = shop.anAuthorization("4000000000000259", "42.00", true);
        LongRuns.outcome(asRoot().post("/api/adm/settlements/run"));
        List<Map<String, Object>> events = events(shop, Map.of("type", "chargeback.opened"));
        assertEquals(1, events.size(), events.toString());
        assertEquals(sale.toString(), data(events.get(0)).get("transactionId"));
        assertEquals("10.4", data(events.get(0)).get("reasonCode"));
    }

    // ---- Payment tokens ----

    @Test
    void theCardUpdatersChangesAreTokenEventsWithTheCardMasked() {
        Cards.Shop shop = aShop();
        UUID expired = CardUpdaterScenarios.aToken(shop, CardUpdaterScenarios.EXPIRED);
        UUID replaced = CardUpdaterScenarios.aToken(shop, CardUpdaterScenarios.REPLACED);
        UUID closed = CardUpdaterScenarios.aToken(shop, CardUpdaterScenarios.CLOSED);
        CardUpdaterScenarios.aToken(shop, CardUpdaterScenarios.CONTACT);
        CardUpdaterScenarios.aToken(shop, CardUpdaterScenarios.NO_CHANGE);
        CardUpdaterScenarios.run(asRoot(), shop.companyId());

        Response all = shop.pay().queryParam("limit", 100).get(events(shop));
        List<Map<String, Object>> events = ok(all).exact().getList("entries");
        assertEquals(3, events.size(), "ContactCardholder and NoChange change no token: " + events);
        Map<String, Object> renewed = only(events, "payment_token.updated", expired);
        assertEquals(2034, ((Number) data(renewed).get("expirationYear")).intValue());
        Map<String, Object> newCard = only(events, "payment_token.updated", replaced);
        assertEquals("************4242", data(newCard).get("maskedCardNumber"));
        assertEquals(CardUpdaterScenarios.token(shop, replaced).exact().getMap("entry"), newCard.get("data"));
        assertEquals("Disabled", data(only(events, "payment_token.disabled", closed)).get("status"));
        for (String pan : List.of(CardUpdaterScenarios.EXPIRED, CardUpdaterScenarios.REPLACED,
                CardUpdaterScenarios.CLOSED, CardUpdaterScenarios.REPLACEMENT)) {
            assertFalse(all.asString().contains(pan), "a card number in an event");
        }
    }

    // ---- API keys ----

    static final String NOTICES = "/api/adm/companyProjectKeys/expiryNotices/run";

    @Test
    void aKeyAboutToStopWorkingIsOneEventOnceNoOtherKeyOfItsProjectOutlivesIt() {
        Cards.Shop shop = aShop();
        UUID soon = Api.created(asRoot().body(Map.of("companyProjectId", shop.projectId(), "type", "TransactionRSAKey",
                "name", Api.unique("soon"), "expirationDate",
                OffsetDateTime.now(ZoneOffset.UTC).plusDays(10).toString())).post("/api/adm/companyProjectKeys"));
        ok(asRoot().post(NOTICES));
        assertEquals(List.of(), events(shop, Map.of("type", "api_key.expiring")), "the first key outlives it");

        ok(asRoot().body(Map.of("id", shop.keyId(), "isActive", false)).put(ApiKeyScenarios.keyPath(shop.keyId())));
        String soonValue = PayAuthenticationScenarios.valueOf(soon);
        Cards.Shop bySoon = new Cards.Shop(shop.companyId(), shop.projectId(), soon, soonValue);
        ok(asRoot().post(NOTICES));
        ok(Api.onSecondInstance(Api.rootToken()).post(NOTICES)); // again, and on another instance: still one event
        Response answer = bySoon.pay().queryParam("type", "api_key.expiring").get(events(shop));
        List<Map<String, Object>> expiring = ok(answer).exact().getList("entries");
        assertEquals(1, expiring.size(), expiring.toString());
        Map<String, Object> key = data(expiring.get(0));
        assertEquals(soon.toString(), key.get("id"));
        assertEquals(shop.projectId().toString(), key.get("companyProjectId"));
        assertEquals(true, key.get("isActive"));
        assertTrue(((String) key.get("maskedValue")).endsWith(soonValue.substring(soonValue.length() - 4)));
        assertFalse(key.containsKey("keyValue"));
        assertFalse(answer.asString().contains(soonValue), "the key's value in an event");

        refused(Api.as(Api.anAdminOf(shop.companyId()).token()).post(NOTICES), 403);
        refused(Api.anonymous().post(NOTICES), 401);
    }

    // ---- The events API ----

    @Test
    void theEventsApiFiltersPagesAndKeepsToTheKeysProject() {
        Cards.Shop shop = aShop();
        Cards.Shop other = aShop();
        OffsetDateTime before = OffsetDateTime.now(ZoneOffset.UTC).minusSeconds(5);
        UUID first = shop.anAuthorization("4111111111111111", "1.00", false);
        UUID second = shop.anAuthorization("4111111111111111", "2.00", true);
        UUID foreign = other.anAuthorization("4111111111111111", "3.00", false);
        OffsetDateTime after = OffsetDateTime.now(ZoneOffset.UTC).plusSeconds(5);

        List<Map<String, Object>> all = events(shop, Map.of());
        assertEquals(3, all.size(), all.toString());
        assertEquals(second.toString(), data(all.get(0)).get("id"), "newest first");
        assertEquals(first.toString(), data(all.get(2)).get("id"));
        assertEquals(List.of(all.get(1)), events(shop, Map.of("limit", 1, "offset", 1)));
        assertEquals(1, events(shop, Map.of("type", "transaction.captured")).size());
        assertEquals(3, events(shop, Map.of("from", before.toString(), "to", after.toString())).size());
        assertEquals(0, events(shop, Map.of("from", after.toString())).size());
        assertEquals(0, events(shop, Map.of("to", before.toString())).size());

        String id = (String) all.get(2).get("id");
        JsonBody one = ok(shop.pay().get(events(shop) + "/" + id)).exact();
        assertEquals(all.get(2), one.getMap("entry"));
        String foreignEvent = (String) events(other, Map.of()).get(0).get("id");
        assertEquals(foreign.toString(), data(events(other, Map.of()).get(0)).get("id"));
        refused(shop.pay().get(events(shop) + "/" + foreignEvent), 404);
        refused(other.pay().get(events(shop)), 401);
        refused(Api.anonymous().get(events(shop)), 401);
        refused(shop.pay().get(events(shop) + "/" + UUID.randomUUID()), 404);
        refused(shop.pay().get(events(shop) + "/not-an-id"), 400);
        refused(shop.pay().queryParam("type", "transaction.nope").get(events(shop)), 400);
        refused(shop.pay().queryParam("from", "yesterday").get(events(shop)), 400);
        refused(shop.pay().queryParam("from", after.toString()).queryParam("to", before.toString()).get(events(shop)), 400);
        refused(shop.pay().queryParam("limit", 1001).get(events(shop)), 400);
    }

    // ---- helpers ----

    static String events(Cards.Shop shop) {
        return "/api/pay/" + shop.projectId() + "/events";
    }

    /** The project's events (newest first) with the given query parameters, amounts exact. */
    static List<Map<String, Object>> events(Cards.Shop shop, Map<String, Object> query) {
        return ok(shop.pay().queryParams(query).get(events(shop))).exact().getList("entries");
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> data(Map<String, Object> event) {
        return (Map<String, Object>) event.get("data");
    }

    /** The types of the events about one transaction or token (its data's id), oldest first. */
    static List<String> typesOf(List<Map<String, Object>> newestFirst, UUID id) {
        return typesOf(newestFirst, "id", id);
    }

    static List<String> chargebackTypes(List<Map<String, Object>> newestFirst, UUID chargebackId) {
        return typesOf(newestFirst, "chargebackId", chargebackId);
    }

    /** The types of the events whose data has the value at the field, oldest first. */
    static List<String> typesOf(List<Map<String, Object>> newestFirst, String field, UUID value) {
        List<String> types = new ArrayList<>(about(newestFirst, field, value).map(e -> (String) e.get("type"))
                .toList());
        Collections.reverse(types);
        return types;
    }

    static Map<String, Object> newest(List<Map<String, Object>> newestFirst, UUID id) {
        return about(newestFirst, "id", id).findFirst().orElseThrow();
    }

    static Map<String, Object> newestOfChargeback(List<Map<String, Object>> newestFirst, UUID chargebackId) {
        return about(newestFirst, "chargebackId", chargebackId).findFirst().orElseThrow();
    }

    private static Stream<Map<String, Object>> about(List<Map<String, Object>> events, String field,
                                                                       UUID value) {
        return events.stream().filter(e -> value.toString().equals(data(e).get(field)));
    }

    static Map<String, Object> of(List<Map<String, Object>> events, UUID id, String type) {
        return only(events, type, id);
    }

    static Map<String, Object> only(List<Map<String, Object>> events, String type, UUID id) {
        List<Map<String, Object>> found = events.stream()
                .filter(e -> type.equals(e.get("type")) && id.toString().equals(data(e).get("id"))).toList();
        assertEquals(1, found.size(), type + " of " + id + " in " + events);
        assertTrue(found.get(0).get("data") instanceof Map);
        return found.get(0);
    }
}
