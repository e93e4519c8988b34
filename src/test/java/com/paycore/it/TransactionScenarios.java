package com.paycore.it;

import static com.paycore.it.Api.asRoot;
import static com.paycore.it.Api.ok;
import static com.paycore.it.Api.refused;
import static com.paycore.it.Cards.aShop;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.restassured.response.Response;

/** Payment operations on the Simulator (DESIGN.md sections 5, 6, 7 and 9): authorize, sale, moves, E16. */
abstract class TransactionScenarios {

    @ParameterizedTest(name = "{0} -> {1} {2}")
    @CsvSource({
            "4111111111111111, Approved, 00", "4242424242424242, Approved, 00", "5555555555554444, Approved, 00",
            "378282246310005, Approved, 00", "6011111111111117, Approved, 00", "4000000000000259, Approved, 00",
            "4000000000000069, Approved, 00", "4000000000000002, Declined, 05", "4000000000009995, Declined, 51",
            "4000000000000119, Error, 96"})
    void eachSimulatorCardHasItsOutcome(String card, String status, String resultCode) {
        Cards.Shop shop = aShop();
        String token = card.startsWith("37") ? amexToken(shop, card) : shop.aToken(card);
        Response r = shop.authorize(token, "10.00", false);
        assertEquals("Approved".equals(status) ? 201 : 200, r.statusCode(), r.asString());
        JsonBody json = JsonBody.of(r);
        assertEquals(true, json.get("success"));
        assertEquals(status, json.getString("status"));
        assertEquals(resultCode, json.getString("resultCode"));
        UUID id = UUID.fromString(json.getString("id"));
        Map<String, Object> entry = shop.transaction(id);
        assertEquals(status, entry.get("status"));
        List<Map<String, Object>> events = events(entry);
        assertEquals(1, events.size());
        assertEquals("Authorize", events.get(0).get("eventType"));
        assertEquals(status, events.get(0).get("eventResult"));
        assertEquals(resultCode, events.get(0).get("resultCode"));
        assertFalse(r.asString().contains(card), "the card number must never be answered");
    }

    @Test
    void anAuthorizationAnswersTheTransactionMasked() {
        Cards.Shop shop = aShop();
        Response r = shop.authorize(shop.aToken("4111111111111111"), "12.34", false);
        UUID id = Api.created(r);
        assertTrue(r.header("Location").endsWith("/transactions/" + id), r.header("Location"));
        Map<String, Object> entry = shop.transaction(id);
        assertEquals(id.toString(), entry.get("id"));
        assertEquals(new BigDecimal("12.34"), entry.get("amount"));
        assertEquals("USD", entry.get("currency"));
        assertEquals("Approved", entry.get("status"));
        assertEquals("************1111", entry.get("maskedCardNumber"));
        assertEquals("VISA", entry.get("ccType"));
        assertNotNull(OffsetDateTime.parse((String) entry.get("createdDate")));
        assertEquals(new BigDecimal("0.00"), entry.get("capturedAmount"));
        assertFalse(shop.pay().queryParam("id", id).get(shop.transactions()).asString().contains("4111111111111111"));
    }

    @Test
    void aSaleIsCapturedAtOnceWithAuthorizeThenCaptureEvents() {
        Cards.Shop shop = aShop();
        Response r = shop.authorize(shop.aToken("5555555555554444"), "20.00", true);
        UUID id = Api.created(r);
        assertEquals("Captured", JsonBody.of(r).getString("status"));
        Map<String, Object> entry = shop.transaction(id);
        assertEquals(List.of("Authorize", "Capture"), types(entry));
        assertEquals(new BigDecimal("20.00"), entry.get("capturedAmount"));
    }

    @Test
    void aDeclinedSaleIsNotCaptured() {
        Cards.Shop shop = aShop();
        Response r = shop.authorize(shop.aToken("4000000000000002"), "20.00", true);
        assertEquals(200, r.statusCode(), r.asString());
        UUID id = UUID.fromString(JsonBody.of(r).getString("id"));
        assertEquals(List.of("Authorize"), types(shop.transaction(id)));
        assertEquals("Declined", shop.transaction(id).get("status"));
    }

    // ---- The state table: every move and every refused move ----

    @Test
    void approvedCanBeCapturedOnceAndNotReversedOrRefundedAfterwards() {
        Cards.Shop shop = aShop();
        UUID id = shop.anAuthorization("4111111111111111", "10.00", false);
        refused(shop.move(id, "refund", Map.of()), 400); // not captured yet
        JsonBody captured = ok(shop.move(id, "capture", Map.of()));
        assertEquals("Captured", captured.getString("status"));
        assertEquals(id.toString(), captured.getString("transactionId"));
        assertNotNull(captured.getString("captureId"));
        refused(shop.move(id, "capture", Map.of()), 400);
        refused(shop.move(id, "reverse", Map.of()), 400);
        assertEquals(List.of("Authorize", "Capture"), types(shop.transaction(id)));
    }

    @Test
    void approvedCanBeReversedOnceAndThenNothingElse() {
        Cards.Shop shop = aShop();
        UUID id = shop.anAuthorization("4111111111111111", "10.00", false);
        JsonBody reversed = ok(shop.move(id, "reverse", Map.of()));
        assertEquals("Reversed", reversed.getString("status"));
        assertNotNull(reversed.getString("reversalId"));
        assertNotNull(reversed.getString("message"));
        refused(shop.move(id, "reverse", Map.of()), 400);
        refused(shop.move(id, "capture", Map.of()), 400);
        refused(shop.move(id, "refund", Map.of()), 400);
        assertEquals(List.of("Authorize", "ReverseAuthorize"), types(shop.transaction(id)));
        assertEquals("Reversed", shop.transaction(id).get("status"));
    }

    @ParameterizedTest
    @CsvSource({"4000000000000002, Declined", "4000000000000119, Error"})
    void declinedAndErrorAreFinal(String card, String status) {
        Cards.Shop shop = aShop();
        Response r = shop.authorize(shop.aToken(card), "10.00", false);
        UUID id = UUID.fromString(ok(r).getString("id"));
        for (String move : List.of("capture", "refund", "reverse")) {
            JsonBody refusal = refused(shop.move(id, move, Map.of()), 400);
            assertTrue(refusal.getString("errorMessage").contains(status), refusal.prettify());
        }
        assertEquals(status, shop.transaction(id).get("status"));
        assertEquals(1, events(shop.transaction(id)).size());
    }

    @Test
    void partialCaptureThenRefundsUpToTheCapturedAmount() {
        Cards.Shop shop = aShop();
        UUID id = shop.anAuthorization("4111111111111111", "10.00", false);
        refused(shop.move(id, "capture", Map.of("amount", new BigDecimal("10.01"))), 400);
        JsonBody captured = ok(shop.move(id, "capture", Map.of("amount", new BigDecimal("6.00")))).exact();
        assertEquals(new BigDecimal("6.00"), captured.get("amount"));
        refused(shop.move(id, "capture", Map.of("amount", new BigDecimal("4.00"))), 400); // once only
        refused(shop.move(id, "refund", Map.of("amount", new BigDecimal("6.01"))), 400);
        JsonBody first = ok(shop.move(id, "refund", Map.of("amount", new BigDecimal("2.50")))).exact();
        assertEquals("PartiallyRefunded", first.getString("status"));
        assertEquals(new BigDecimal("2.50"), first.get("amount"));
        assertNotNull(first.getString("refundId"));
        JsonBody second = ok(shop.move(id, "refund", Map.of("amount", new BigDecimal("1.50")))).exact();
        assertEquals("PartiallyRefunded", second.getString("status"));
        refused(shop.move(id, "refund", Map.of("amount", new BigDecimal("2.01"))), 400);
        JsonBody rest = ok(shop.move(id, "refund", Map.of())).exact();
        assertEquals("Refunded", rest.getString("status"));
        assertEquals(new BigDecimal("2.00"), rest.get("amount"));
        refused(shop.move(id, "refund", Map.of("amount", new BigDecimal("0.01"))), 400);
        refused(shop.move(id, "refund", Map.of()), 400);
        Map<String, Object> entry = shop.transaction(id);
        assertEquals(new BigDecimal("6.00"), entry.get("capturedAmount"));
        assertEquals(new BigDecimal("6.00"), entry.get("refundedAmount"));
        assertEquals(List.of("Authorize", "Capture", "Refund", "Refund", "Refund"), types(entry));
        assertEquals(List.of(new BigDecimal("10.00"), new BigDecimal("6.00"), new BigDecimal("2.50"),
                new BigDecimal("1.50"), new BigDecimal("2.00")), events(entry).stream().map(e -> e.get("amount")).toList());
    }

    @Test
    void captureAndRefundWithoutABodyTakeTheWholeAmount() {
        Cards.Shop shop = aShop();
        UUID id = shop.anAuthorization("4111111111111111", "7.25", false);
        JsonBody captured = ok(shop.pay().post(shop.transactions() + "/" + id + "/capture")).exact();
        refused(shop.pay().body("{\"amount\":").post(shop.transactions() + "/" + id + "/refund"), 400);
        assertEquals(new BigDecimal("7.25"), captured.get("amount"));
        JsonBody refunded = ok(shop.pay().post(shop.transactions() + "/" + id + "/refund")).exact();
        assertEquals(new BigDecimal("7.25"), refunded.get("amount"));
        assertEquals("Refunded", refunded.getString("status"));
    }

    @Test
    void settlementSettlesCapturesAndRefundsOnce() {
        Cards.Shop shop = aShop();
        UUID sale = shop.anAuthorization("4111111111111111", "30.00", true);
        UUID authorizedOnly = shop.anAuthorization("4111111111111111", "5.00", false);
        ok(shop.move(sale, "refund", Map.of("amount", new BigDecimal("10.00")))); // refunded before settlement
        JsonBody run = LongRuns.outcome(asRoot().post("/api/adm/settlements/run"));
        assertTrue(run.getInt("settled") >= 1 && run.getInt("refundsSettled") >= 1, run.prettify());
        Map<String, Object> settled = shop.transaction(sale);
        assertEquals("PartiallyRefunded", settled.get("status"));
        assertEquals(List.of("Authorize", "Capture", "Refund", "Settle", "RefundSettle"), types(settled));
        assertEquals("Approved", shop.transaction(authorizedOnly).get("status"));
        assertEquals(List.of("Authorize"), types(shop.transaction(authorizedOnly)));

        LongRuns.outcome(asRoot().post("/api/adm/settlements/run"));
        assertEquals(List.of("Authorize", "Capture", "Refund", "Settle", "RefundSettle"), types(shop.transaction(sale)));

        ok(shop.move(sale, "refund", Map.of("amount", new BigDecimal("5.00")))); // after settlement: Settled refundable
        LongRuns.outcome(asRoot().post("/api/adm/settlements/run"));
        assertEquals(List.of("Authorize", "Capture", "Refund", "Settle", "RefundSettle", "Refund", "RefundSettle"),
                types(shop.transaction(sale)));
    }

    @Test
    void aSettledCaptureIsSettledAndStillRefundable() {
        Cards.Shop shop = aShop();
        UUID sale = shop.anAuthorization("4242424242424242", "12.00", true);
        LongRuns.outcome(asRoot().post("/api/adm/settlements/run"));
        assertEquals("Settled", shop.transaction(sale).get("status"));
        refused(shop.move(sale, "reverse", Map.of()), 400);
        refused(shop.move(sale, "capture", Map.of()), 400);
        assertEquals("PartiallyRefunded", ok(shop.move(sale, "refund", Map.of("amount", new BigDecimal("2.00")))).getString("status"));
        assertEquals("Refunded", ok(shop.move(sale, "refund", Map.of())).getString("status"));
    }

    @Test
    void concurrentSettlementRunsOnTwoInstancesSettleEachTransactionOnce() throws Exception {
        Cards.Shop shop = aShop();
        List<UUID> sales = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            UUID sale = shop.anAuthorization("4111111111111111", "3.00", true);
            ok(shop.move(sale, "refund", Map.of("amount", new BigDecimal("1.00"))));
            sales.add(sale);
        }
        String root = Api.rootToken();
        List<Response> runs = Parallel.run(6, i -> (i % 2 == 0 ? Api.as(root) : Api.onSecondInstance(root))
                .post("/api/adm/settlements/run"));
        // One settlement run at a time across the instances: the others are refused with 409 naming the running one
        // (or, once it has ended, start a run of their own that finds nothing left).
        Set<UUID> started = new HashSet<>();
        List<String> named = new ArrayList<>();
        for (Response r : runs) {
            if (r.statusCode() == 409) {
                refused(r, 409);
                named.add(r.getHeader("Location"));
            } else {
                started.add(LongRuns.accepted(r));
            }
        }
        assertFalse(started.isEmpty(), "one run started");
        for (String location : named) {
            assertTrue(started.stream().anyMatch(id -> location.endsWith("/api/adm/runs/" + id)),
                    "a 409 names a run started here: " + location);
        }
        int settled = 0;
        for (UUID id : started) {
            JsonBody run = LongRuns.awaitEnd(() -> Api.as(root), id);
            assertEquals("Succeeded", run.getString("entry.state"), run.prettify());
            settled += run.getInt("entry.outcome.settled");
        }
        assertTrue(settled >= sales.size(), "every sale settled by one of the runs: " + settled);
        for (UUID sale : sales) {
            assertEquals(List.of("Authorize", "Capture", "Refund", "Settle", "RefundSettle"), types(shop.transaction(sale)));
        }
    }

    @Test
    void settlementIsForPlatformAdministratorsOnly() {
        UUID company = Api.aCompany();
        refused(Api.as(Api.anAdminOf(company).token()).post("/api/adm/settlements/run"), 403);
        refused(Api.anonymous().post("/api/adm/settlements/run"), 401);
    }

    // ---- Amounts, currencies, refusals that record nothing ----

    @ParameterizedTest
    @CsvSource({"0, USD", "-1.00, USD", "1.001, USD", "1.5, JPY", "1000000000000, USD", "1.00, XYZ", "1.00, usdollar",
            "1.00, XXX"})
    void invalidAmountsAndCurrenciesAre400AndRecordNothing(String amount, String currency) {
        Cards.Shop shop = aShop();
        Map<String, Object> request = new HashMap<>();
        request.put("paymentToken", shop.aToken("4111111111111111"));
        request.put("amount", new BigDecimal(amount));
        request.put("currency", currency);
        refused(shop.pay().body(request).post(shop.transactions()), 400);
        assertTrue(ok(shop.pay().get(shop.transactions())).getList("entries").isEmpty());
    }

    @Test
    void currenciesUseTheirMinorUnits() {
        Cards.Shop shop = aShop();
        Map<String, Object> request = new HashMap<>();
        request.put("paymentToken", shop.aToken("4111111111111111"));
        request.put("amount", 1500);
        request.put("currency", "jpy");
        UUID id = Api.created(shop.pay().body(request).post(shop.transactions()));
        Map<String, Object> entry = shop.transaction(id);
        assertEquals("JPY", entry.get("currency"));
        assertEquals("1500", String.valueOf(entry.get("amount"))); // no minor units
        request.put("paymentToken", shop.aToken("4111111111111111"));
        request.put("amount", new BigDecimal("12.5"));
        request.remove("currency");
        Map<String, Object> usd = shop.transaction(Api.created(shop.pay().body(request).post(shop.transactions())));
        assertEquals("USD", usd.get("currency"));
        assertEquals(new BigDecimal("12.50"), usd.get("amount"));
    }

    @Test
    void badRequestsAre400() {
        Cards.Shop shop = aShop();
        String token = shop.aToken("4111111111111111");
        refused(shop.pay().body(Map.of("paymentToken", token)).post(shop.transactions()), 400); // no amount
        refused(shop.pay().body(Map.of("paymentToken", token, "amount", "ten")).post(shop.transactions()), 400);
        refused(shop.pay().body(Map.of("paymentToken", token, "amount", 1, "capture", "yes")).post(shop.transactions()), 400);
        refused(shop.pay().body(Map.of("paymentToken", token, "amount", 1, "tags", Map.of("a", 1))).post(shop.transactions()), 400);
        refused(shop.pay().body("{\"paymentToken\":").post(shop.transactions()), 400);
        refused(shop.pay().body(Map.of("amount", 1)).post(shop.transactions()), 400); // no token
        UUID id = shop.anAuthorization("4111111111111111", "1.00", false);
        refused(shop.move(id, "capture", Map.of("amount", "all")), 400);
        refused(shop.move(id, "capture", Map.of("amount", 0)), 400);
        refused(shop.pay().post(shop.transactions() + "/not-an-id/capture"), 400);
        refused(shop.move(UUID.randomUUID(), "capture", Map.of()), 404);
        assertEquals(1, ok(shop.pay().get(shop.transactions())).getList("entries").size());
    }

    @Test
    void unknownDeletedOrForeignTokensAre400() {
        Cards.Shop shop = aShop();
        Cards.Shop other = aShop();
        refused(shop.authorize("tok_doesnotexist", "1.00", false), 400);
        refused(shop.authorize(UUID.randomUUID().toString(), "1.00", false), 400);
        refused(shop.authorize(other.aToken("4111111111111111"), "1.00", false), 400);
        Response tokenized = shop.tokenize(Cards.body("4111111111111111", "123"));
        UUID tokenId = Api.created(tokenized);
        ok(shop.pay().delete(shop.tokens() + "/" + tokenId));
        refused(shop.authorize(JsonBody.of(tokenized).getString("paymentToken"), "1.00", false), 400);
        assertTrue(ok(shop.pay().get(shop.transactions())).getList("entries").isEmpty());
        // the token's id works as well as its value
        UUID byId = Api.created(shop.authorize(Api.created(shop.tokenize(Cards.body("4111111111111111", "123"))).toString(),
                "1.00", false));
        assertEquals("Approved", shop.transaction(byId).get("status"));
    }

    @Test
    void inactiveProjectOrCompanyOrNoActiveProcessorIs400AndRecordsNothing() {
        Cards.Shop shop = aShop();
        String token = shop.aToken("4111111111111111");
        ok(asRoot().body(Map.of("projectName", "Off " + UUID.randomUUID().toString().substring(0, 8), "isActive", false))
                .put(Api.PROJECTS + "/" + shop.projectId() + "/general"));
        refused(shop.authorize(token, "1.00", false), 400);
        assertTrue(ok(shop.pay().get(shop.transactions())).getList("entries").isEmpty(), "reads still work, nothing recorded");

        Cards.Shop inactiveCompany = aShop();
        String token2 = inactiveCompany.aToken("4111111111111111");
        ok(asRoot().body(Map.of("companyName", Api.unique("Off"), "isActive", false))
                .put("/api/adm/companies/" + inactiveCompany.companyId()));
        refused(inactiveCompany.authorize(token2, "1.00", false), 400);
        assertTrue(ok(inactiveCompany.pay().get(inactiveCompany.transactions())).getList("entries").isEmpty());

        UUID company = Api.aCompany();
        UUID project = Api.aProject(company);
        UUID processor = Api.aProcessor(project);
        UUID keyId = PayAuthenticationScenarios.firstKeyOf(project);
        Cards.Shop noProcessor = new Cards.Shop(company, project, keyId, PayAuthenticationScenarios.valueOf(keyId));
        String token3 = noProcessor.aToken("4111111111111111");
        ok(asRoot().body(Map.of("isActive", false)).put(Api.PROCESSORS + "/" + processor));
        JsonBody refusal = refused(noProcessor.authorize(token3, "1.00", false), 400);
        assertTrue(refusal.getString("errorMessage").contains("processor"), refusal.prettify());
        assertTrue(ok(noProcessor.pay().get(noProcessor.transactions())).getList("entries").isEmpty());
    }

    // ---- E16 ----

    @Test
    void e16ListsTheProjectsTransactionsNewestFirstWithPagingAndStatus() {
        Cards.Shop shop = aShop();
        String token = shop.aToken("4111111111111111");
        List<UUID> ids = new ArrayList<>();
        for (int i = 1; i <= 4; i++) {
            ids.add(Api.created(shop.authorize(token, i + ".00", i % 2 == 0)));
        }
        List<Map<String, Object>> all = ok(shop.pay().get(shop.transactions())).getList("entries");
        assertEquals(List.of(ids.get(3), ids.get(2), ids.get(1), ids.get(0)),
                all.stream().map(e -> UUID.fromString((String) e.get("id"))).toList());
        List<Map<String, Object>> page = ok(shop.pay().queryParam("limit", 2).queryParam("offset", 1).get(shop.transactions()))
                .getList("entries");
        assertEquals(List.of(ids.get(2).toString(), ids.get(1).toString()), page.stream().map(e -> e.get("id")).toList());
        List<Map<String, Object>> captured = ok(shop.pay().queryParam("status", "Captured").get(shop.transactions()))
                .getList("entries");
        assertEquals(List.of(ids.get(3).toString(), ids.get(1).toString()), captured.stream().map(e -> e.get("id")).toList());
        assertTrue(ok(shop.pay().queryParam("id", UUID.randomUUID()).get(shop.transactions())).getList("entries").isEmpty());
        refused(shop.pay().queryParam("id", "123").get(shop.transactions()), 400);
        refused(shop.pay().queryParam("status", "Sunny").get(shop.transactions()), 400);
        refused(shop.pay().queryParam("limit", 1001).get(shop.transactions()), 400);
        assertEquals(1, ok(shop.pay().queryParam("ID", ids.get(0)).get(shop.transactions())).getList("entries").size());
    }

    @Test
    void anotherProjectsKeyCannotSeeOrMoveTheTransaction() {
        Cards.Shop shop = aShop();
        Cards.Shop other = aShop();
        UUID id = shop.anAuthorization("4111111111111111", "10.00", false);
        assertTrue(ok(other.pay().queryParam("id", id).get(other.transactions())).getList("entries").isEmpty());
        for (String move : List.of("capture", "refund", "reverse")) {
            refused(other.move(id, move, Map.of()), 404);
        }
        // the other project's key on this project's path: 401
        refused(other.pay().get(shop.transactions()), 401);
        refused(other.pay().body(Map.of()).post(shop.transactions() + "/" + id + "/reverse"), 401);
        assertEquals("Approved", shop.transaction(id).get("status"));
        assertEquals(1, events(shop.transaction(id)).size());
    }

    @Test
    void transactionsKeepTheirTagsAndOrderData() {
        Cards.Shop shop = aShop();
        Map<String, Object> request = new HashMap<>();
        request.put("paymentToken", shop.aToken("4111111111111111"));
        request.put("amount", 9.99);
        request.put("orderId", "order-42");
        request.put("description", "Two books");
        request.put("ip", "203.0.113.7");
        request.put("tags", Map.of("channel", "web", "campaign", "spring"));
        request.put("billingAddress", Map.of("firstName", "Grace", "state", "NY", "country", "US"));
        Map<String, Object> entry = shop.transaction(Api.created(shop.pay().body(request).post(shop.transactions())));
        assertEquals("order-42", entry.get("orderId"));
        assertEquals("Two books", entry.get("description"));
        assertEquals(Map.of("campaign", "spring", "channel", "web"), entry.get("tags"));
        Map<String, Object> tooMany = new HashMap<>();
        for (int i = 0; i < 21; i++) {
            tooMany.put("t" + i, "v");
        }
        request.put("tags", tooMany);
        refused(shop.pay().body(request).post(shop.transactions()), 400);
    }

    // ---- E17 ----

    @Test
    void e17ReversesForTheCompanysAdminAndIsAudited() {
        Cards.Shop shop = aShop();
        OffsetDateTime since = OffsetDateTime.now().minusSeconds(5);
        UUID id = shop.anAuthorization("4111111111111111", "10.00", false);
        Api.Member admin = Api.anAdminOf(shop.companyId());
        JsonBody answer = ok(Api.as(admin.token()).queryParam("companyProjectId", shop.projectId())
                .post("/api/adm/transactions/" + id + "/reverse"));
        assertEquals(true, answer.get("success"));
        assertEquals(id.toString(), answer.getString("transactionId"));
        assertEquals("Reversed", answer.getString("status"));
        assertNotNull(answer.getString("reversalId"));
        assertNotNull(answer.getString("message"));
        assertEquals(List.of("Authorize", "ReverseAuthorize"), types(shop.transaction(id)));
        assertEquals(answer.getString("reversalId"), events(shop.transaction(id)).get(1).get("id"));
        List<Map<String, Object>> audit = Api.auditEventsOf(shop.companyId(), since);
        assertTrue(Api.audited(audit, "TransactionReversed", id), audit.toString());
        assertTrue(audit.stream().anyMatch(e -> "TransactionReversed".equals(e.get("action"))
                && admin.person().email().equals(e.get("actor"))), audit.toString());
    }

    @Test
    void e17Refusals() {
        Cards.Shop shop = aShop();
        UUID captured = shop.anAuthorization("4111111111111111", "10.00", true);
        UUID approved = shop.anAuthorization("4111111111111111", "10.00", false);
        String e17 = "/api/adm/transactions/";
        refused(asRoot().queryParam("companyProjectId", shop.projectId()).post(e17 + captured + "/reverse"), 400);
        refused(asRoot().post(e17 + approved + "/reverse"), 400); // no companyProjectId
        refused(asRoot().queryParam("companyProjectId", "nope").post(e17 + approved + "/reverse"), 400);
        refused(asRoot().queryParam("companyProjectId", shop.projectId()).post(e17 + "nope/reverse"), 400);
        refused(asRoot().queryParam("companyProjectId", shop.projectId()).post(e17 + UUID.randomUUID() + "/reverse"), 404);
        Cards.Shop other = aShop();
        refused(asRoot().queryParam("companyProjectId", other.projectId()).post(e17 + approved + "/reverse"), 404);
        refused(Api.as(Api.anAdminOf(other.companyId()).token()).queryParam("companyProjectId", shop.projectId())
                .post(e17 + approved + "/reverse"), 404);
        refused(Api.as(Api.aMember(shop.companyId(), "User").token()).queryParam("companyProjectId", shop.projectId())
                .post(e17 + approved + "/reverse"), 403);
        refused(Api.anonymous().queryParam("companyProjectId", shop.projectId()).post(e17 + approved + "/reverse"), 401);
        ok(asRoot().queryParam("companyProjectId", shop.projectId()).post(e17 + approved + "/reverse"));
        refused(asRoot().queryParam("companyProjectId", shop.projectId()).post(e17 + approved + "/reverse"), 400);
    }

    @Test
    void tenConcurrentReversalsOnTwoInstancesReverseOnce() throws Exception {
        Cards.Shop shop = aShop();
        for (int round = 0; round < 3; round++) {
            UUID id = shop.anAuthorization("4111111111111111", "10.00", false);
            String root = Api.rootToken();
            List<Response> answers = Parallel.run(10, i -> switch (i % 4) {
                case 0 -> shop.pay().post(shop.transactions() + "/" + id + "/reverse");
                case 1 -> shop.paySecond().post(shop.transactions() + "/" + id + "/reverse");
                case 2 -> Api.as(root).queryParam("companyProjectId", shop.projectId())
                        .post("/api/adm/transactions/" + id + "/reverse");
                default -> Api.onSecondInstance(root).queryParam("companyProjectId", shop.projectId())
                        .post("/api/adm/transactions/" + id + "/reverse");
            });
            long succeeded = answers.stream().filter(r -> r.statusCode() == 200).count();
            long refusedCount = answers.stream().filter(r -> r.statusCode() == 400).count();
            assertEquals(1, succeeded, answers.stream().map(Response::asString).toList().toString());
            assertEquals(9, refusedCount);
            assertEquals(List.of("Authorize", "ReverseAuthorize"), types(shop.transaction(id)));
        }
    }

    @Test
    void concurrentRefundsNeverExceedTheCapturedAmount() throws Exception {
        Cards.Shop shop = aShop();
        UUID id = shop.anAuthorization("4111111111111111", "10.00", true);
        List<Response> answers = Parallel.run(10, i -> (i % 2 == 0 ? shop.pay() : shop.paySecond())
                .body(Map.of("amount", new BigDecimal("3.00"))).post(shop.transactions() + "/" + id + "/refund"));
        assertEquals(3, answers.stream().filter(r -> r.statusCode() == 200).count());
        assertEquals(7, answers.stream().filter(r -> r.statusCode() == 400).count());
        assertEquals(new BigDecimal("9.00"), shop.transaction(id).get("refundedAmount"));
    }

    // ---- Audit, credentials pinning, E19's 409 ----

    @Test
    void refundsAndReversalsAreAuditedWithTheKeyAsActor() {
        Cards.Shop shop = aShop();
        OffsetDateTime since = OffsetDateTime.now().minusSeconds(5);
        UUID sale = shop.anAuthorization("4111111111111111", "10.00", true);
        ok(shop.move(sale, "refund", Map.of("amount", new BigDecimal("4.00"))));
        UUID authorization = shop.anAuthorization("4111111111111111", "10.00", false);
        ok(shop.move(authorization, "reverse", Map.of()));
        List<Map<String, Object>> audit = Api.auditEventsOf(shop.companyId(), since);
        Map<String, Object> refund = audit.stream().filter(e -> "TransactionRefunded".equals(e.get("action"))).findFirst()
                .orElseThrow(() -> new AssertionError(audit.toString()));
        assertEquals(sale.toString(), refund.get("targetId"));
        assertTrue(String.valueOf(refund.get("details")).contains("4.00 USD"), refund.toString());
        assertEquals("apiKey:" + shop.keyId(), refund.get("actor"));
        assertTrue(Api.audited(audit, "TransactionReversed", authorization), audit.toString());
    }

    @Test
    void movesUseTheCredentialsPinnedAtAuthorization() throws Exception {
        Cards.Shop shop = aShop();
        String merchant = Api.PROJECTS + "/" + shop.projectId() + "/merchant";
        ok(asRoot().body(Map.of("merchantId", "m-1", "apiKey", "secret-one", "processorGateway", 1)).put(merchant));
        UUID id = shop.anAuthorization("4111111111111111", "10.00", false);
        ok(asRoot().body(Map.of("merchantId", "m-2", "apiKey", "secret-two", "processorGateway", 1)).put(merchant));
        ok(shop.move(id, "capture", Map.of()));
        UUID later = shop.anAuthorization("4111111111111111", "10.00", false);
        assertEquals(List.of(1, 1), credentialVersions(id));
        assertEquals(List.of(2), credentialVersions(later));
        try (Connection db = DatabaseDump.connect();
             PreparedStatement query = db.prepareStatement("select credential_version from transactions where id = ?")) {
            query.setObject(1, id);
            try (ResultSet rs = query.executeQuery()) {
                assertTrue(rs.next());
                assertEquals(1, rs.getInt(1));
            }
        }
    }

    @Test
    void e19RefusesTheOnlyActiveProcessorOfAProjectWithOpenTransactions() {
        UUID company = Api.aCompany();
        UUID project = Api.aProject(company);
        UUID processor = Api.aProcessor(project);
        UUID keyId = PayAuthenticationScenarios.firstKeyOf(project);
        Cards.Shop shop = new Cards.Shop(company, project, keyId, PayAuthenticationScenarios.valueOf(keyId));
        UUID id = shop.anAuthorization("4111111111111111", "10.00", false);
        refused(asRoot().delete(Api.PROCESSORS + "/" + processor), 409);
        ok(shop.move(id, "capture", Map.of()));
        refused(asRoot().delete(Api.PROCESSORS + "/" + processor), 409); // Captured is open too
        LongRuns.outcome(asRoot().post("/api/adm/settlements/run"));
        refused(asRoot().delete(Api.PROCESSORS + "/" + processor), 400); // settled: only the active-project rule is left
        // a second active processor: the first may go, the transaction keeps its own for later moves
        Api.aProcessor(project);
        ok(asRoot().delete(Api.PROCESSORS + "/" + processor));
        ok(shop.move(id, "refund", Map.of()));
    }

    // ---- Idempotency-Key on every POST under /api/pay and on E17 ----

    @Test
    void anIdempotentAuthorizationIsReplayedWithoutASecondTransaction() {
        Cards.Shop shop = aShop();
        String token = shop.aToken("4111111111111111");
        String key = UUID.randomUUID().toString();
        Map<String, Object> request = Map.of("paymentToken", token, "amount", new BigDecimal("10.00"));
        Response first = shop.pay().header("Idempotency-Key", key).body(request).post(shop.transactions());
        assertNoReplay(first);
        UUID id = Api.created(first);
        Response again = shop.paySecond().header("Idempotency-Key", key).body(request).post(shop.transactions());
        assertEquals(201, again.statusCode(), again.asString());
        assertEquals("true", again.header("Idempotent-Replayed"));
        assertEquals(id.toString(), JsonBody.of(again).getString("id"));
        refused(shop.pay().header("Idempotency-Key", key).body(Map.of("paymentToken", token, "amount", 11))
                .post(shop.transactions()), 400);
        assertEquals(1, ok(shop.pay().get(shop.transactions())).getList("entries").size());
    }

    @Test
    void tenConcurrentIdenticalAuthorizationsOnTwoInstancesCreateOneTransaction() throws Exception {
        Cards.Shop shop = aShop();
        String token = shop.aToken("4111111111111111");
        String key = UUID.randomUUID().toString();
        Map<String, Object> request = Map.of("paymentToken", token, "amount", new BigDecimal("10.00"));
        List<Response> answers = Parallel.run(10, i -> (i % 2 == 0 ? shop.pay() : shop.paySecond())
                .header("Idempotency-Key", key).body(request).post(shop.transactions()));
        List<Map<String, Object>> all = ok(shop.pay().get(shop.transactions())).getList("entries");
        assertEquals(1, all.size(), answers.stream().map(Response::asString).toList().toString());
        for (Response r : answers) {
            assertTrue(r.statusCode() == 201 || r.statusCode() == 409, r.statusCode() + " " + r.asString());
            if (r.statusCode() == 201) {
                assertEquals(all.get(0).get("id"), JsonBody.of(r).getString("id"));
            }
        }
        assertTrue(answers.stream().anyMatch(r -> r.statusCode() == 201 && r.header("Idempotent-Replayed") == null));
    }

    /**
     * Processor settings are decrypted once per configuration version and kept in memory: an update made on one
     * instance reaches the next authorization on the other, which had the old version in memory. The Simulator's
     * latency setting is what can be seen from outside; only its lower bound is asserted (never how fast).
     */
    @Test
    void aChangedProcessorConfigurationReachesTheNextAuthorizationOnEveryInstance() {
        UUID company = Api.aCompany();
        UUID project = Api.aProject(company);
        UUID processor = Api.aProcessor(project);
        UUID keyId = PayAuthenticationScenarios.firstKeyOf(project);
        Cards.Shop shop = new Cards.Shop(company, project, keyId, PayAuthenticationScenarios.valueOf(keyId));
        String token = shop.aToken("4111111111111111");
        Map<String, Object> request = Map.of("paymentToken", token, "amount", new BigDecimal("10.00"));
        Api.created(shop.paySecond().body(request).post(shop.transactions())); // the second instance keeps version 1

        Map<String, Object> slower = ProcessorScenarios.configuration(project, Api.unique("Sim"), true,
                Map.of("simulatorLatencyMs", 1500));
        slower.put("id", processor);
        ok(asRoot().body(slower).put(ProcessorScenarios.processorPath(processor)));

        long started = System.nanoTime();
        Api.created(shop.paySecond().body(request).post(shop.transactions()));
        long tookMs = (System.nanoTime() - started) / 1_000_000;
        assertTrue(tookMs >= 1500, "the second instance still used the old settings (" + tookMs + " ms)");
    }

    @Test
    void aRepeatWhileTheFirstIsStillRunningIs409() throws Exception {
        UUID company = Api.aCompany();
        UUID project = Api.aProject(company);
        Api.created(asRoot().body(Map.of("companyProjectId", project, "projectPaymentProcessorName", Api.unique("Slow"),
                "gateway", 1, "paymentType", 1, "isActive", true, "settings", Map.of("simulatorLatencyMs", 2000)))
                .post(Api.PROCESSORS));
        UUID keyId = PayAuthenticationScenarios.firstKeyOf(project);
        Cards.Shop shop = new Cards.Shop(company, project, keyId, PayAuthenticationScenarios.valueOf(keyId));
        String token = shop.aToken("4111111111111111");
        String key = UUID.randomUUID().toString();
        Map<String, Object> request = Map.of("paymentToken", token, "amount", new BigDecimal("10.00"));
        CompletableFuture<Response> first = CompletableFuture.supplyAsync(
                () -> shop.pay().header("Idempotency-Key", key).body(request).post(shop.transactions()));
        awaitClaim(key); // the first holds the key and waits 2 s for the (slow) Simulator
        refused(shop.paySecond().header("Idempotency-Key", key).body(request).post(shop.transactions()), 409);
        UUID id = Api.created(first.get(30, TimeUnit.SECONDS));
        Response replay = shop.pay().header("Idempotency-Key", key).body(request).post(shop.transactions());
        assertEquals("true", replay.header("Idempotent-Replayed"));
        assertEquals(id.toString(), JsonBody.of(replay).getString("id"));
        assertEquals(1, ok(shop.pay().get(shop.transactions())).getList("entries").size());
    }

    /** Waits (10 s at most) until a request has claimed the idempotency key (its row is in progress). */
    private static void awaitClaim(String key) throws Exception {
        try (Connection db = DatabaseDump.connect();
                PreparedStatement claim = db.prepareStatement(
                        "SELECT count(*) FROM idempotency_keys WHERE idem_key = ? AND state = 'IN_PROGRESS'")) {
            claim.setString(1, key);
            Receiver.await(Duration.ofSeconds(10), "the first request's claim of its idempotency key", () -> {
                try (ResultSet rows = claim.executeQuery()) {
                    return rows.next() && rows.getInt(1) == 1;
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                }
            });
        }
    }

    @Test
    void idempotentMovesAreReplayedNotRepeated() {
        Cards.Shop shop = aShop();
        UUID id = shop.anAuthorization("4111111111111111", "10.00", false);
        String captureKey = UUID.randomUUID().toString();
        Map<String, Object> half = Map.of("amount", new BigDecimal("5.00"));
        ok(shop.pay().header("Idempotency-Key", captureKey).body(half).post(shop.transactions() + "/" + id + "/capture"));
        Response again = shop.pay().header("Idempotency-Key", captureKey).body(half).post(shop.transactions() + "/" + id + "/capture");
        assertEquals(200, again.statusCode(), again.asString());
        assertEquals("true", again.header("Idempotent-Replayed"));
        String refundKey = UUID.randomUUID().toString();
        Map<String, Object> one = Map.of("amount", new BigDecimal("1.00"));
        for (int i = 0; i < 3; i++) {
            ok(shop.pay().header("Idempotency-Key", refundKey).body(one).post(shop.transactions() + "/" + id + "/refund"));
        }
        assertEquals(new BigDecimal("1.00"), shop.transaction(id).get("refundedAmount"));
        assertEquals(List.of("Authorize", "Capture", "Refund"), types(shop.transaction(id)));
    }

    @Test
    void e17HonoursIdempotencyKeysPerUser() {
        Cards.Shop shop = aShop();
        UUID id = shop.anAuthorization("4111111111111111", "10.00", false);
        String key = UUID.randomUUID().toString();
        String root = Api.rootToken();
        JsonBody first = ok(Api.as(root).header("Idempotency-Key", key).queryParam("companyProjectId", shop.projectId())
                .post("/api/adm/transactions/" + id + "/reverse"));
        Response again = Api.onSecondInstance(root).header("Idempotency-Key", key)
                .queryParam("companyProjectId", shop.projectId()).post("/api/adm/transactions/" + id + "/reverse");
        assertEquals(200, again.statusCode(), again.asString());
        assertEquals("true", again.header("Idempotent-Replayed"));
        assertEquals(first.getString("reversalId"), JsonBody.of(again).getString("reversalId"));
        // another user with the same key is another scope: a real second attempt, refused as already reversed
        refused(Api.as(Api.anAdminOf(shop.companyId()).token()).header("Idempotency-Key", key)
                .queryParam("companyProjectId", shop.projectId()).post("/api/adm/transactions/" + id + "/reverse"), 400);
    }

    @Test
    void e17AuthorizesBeforeAReplayAndFingerprintsTheQueryString() {
        Cards.Shop shop = aShop();
        UUID id = shop.anAuthorization("4111111111111111", "10.00", false);
        UUID sibling = Api.aProject(shop.companyId());
        Api.Member admin = Api.anAdminOf(shop.companyId());
        String key = UUID.randomUUID().toString();
        String reverse = "/api/adm/transactions/" + id + "/reverse";
        ok(Api.as(admin.token()).header("Idempotency-Key", key).queryParam("companyProjectId", shop.projectId()).post(reverse));
        // the same key with another project of the company is another request, not a replay of the first answer
        Response otherProject = Api.as(admin.token()).header("Idempotency-Key", key)
                .queryParam("companyProjectId", sibling).post(reverse);
        refused(otherProject, 400);
        assertNull(otherProject.header("Idempotent-Replayed"));
        // a project the caller cannot see is refused as such, before any replay
        Response foreign = Api.as(admin.token()).header("Idempotency-Key", key)
                .queryParam("companyProjectId", aShop().projectId()).post(reverse);
        refused(foreign, 404);
        assertNull(foreign.header("Idempotent-Replayed"));
        // once the caller has lost access, the stored answer is not given either
        Api.anAdminOf(shop.companyId()); // the company keeps an Admin
        ok(asRoot().body(Map.of("roles", "User")).put("/api/adm/companyUsers/" + admin.companyUserId()));
        Response demoted = Api.as(admin.token()).header("Idempotency-Key", key)
                .queryParam("companyProjectId", shop.projectId()).post(reverse);
        refused(demoted, 403);
        assertNull(demoted.header("Idempotent-Replayed"));
    }

    // ---- Card data ----

    @Test
    void noCardNumberReachesTheServerLogTheDatabaseOrAnAnswer() throws Exception {
        Cards.Shop shop = aShop();
        StringBuilder answers = new StringBuilder();
        for (String pan : Cards.SIMULATOR_CARDS) {
            Response tokenized = shop.paySecond().body(Cards.body(pan, pan.startsWith("37") ? "1234" : "123")).post(shop.tokens());
            Api.created(tokenized);
            Map<String, Object> request = Map.of("paymentToken", JsonBody.of(tokenized).getString("paymentToken"),
                    "amount", new BigDecimal("5.00"), "capture", true);
            Response sale = shop.paySecond().body(request).post(shop.transactions());
            answers.append(sale.asString());
            if (sale.statusCode() == 201) {
                UUID id = UUID.fromString(JsonBody.of(sale).getString("id"));
                answers.append(shop.paySecond().body(Map.of("amount", 1)).post(shop.transactions() + "/" + id + "/refund").asString());
                answers.append(shop.paySecond().queryParam("id", id).get(shop.transactions()).asString());
            }
        }
        LongRuns.outcome(Api.onSecondInstance(Api.rootToken()).post("/api/adm/settlements/run"));
        String log = Files.readString(SecondInstance.log(), StandardCharsets.UTF_8);
        String dump = DatabaseDump.all();
        assertTrue(dump.toLowerCase(Locale.ROOT).contains("transaction_events"), "the dump covers the events");
        for (String pan : Cards.SIMULATOR_CARDS) {
            assertFalse(log.contains(pan), "a card number in the server log");
            assertFalse(dump.contains(pan), "a card number in the database");
            assertFalse(answers.toString().contains(pan), "a card number in an answer");
        }
    }

    // ---- helpers ----

    private static List<Integer> credentialVersions(UUID transactionId) throws Exception {
        List<Integer> versions = new ArrayList<>();
        try (Connection db = DatabaseDump.connect();
             PreparedStatement query = db.prepareStatement(
                     "select credential_version from transaction_events where transaction_id = ? order by position")) {
            query.setObject(1, transactionId);
            try (ResultSet rs = query.executeQuery()) {
                while (rs.next()) {
                    versions.add(rs.getInt(1));
                }
            }
        }
        return versions;
    }

    static String amexToken(Cards.Shop shop, String number) {
        Response r = shop.tokenize(Cards.body(number, "1234"));
        Api.created(r);
        return JsonBody.of(r).getString("paymentToken");
    }

    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> events(Map<String, Object> entry) {
        return (List<Map<String, Object>>) entry.get("events");
    }

    static List<String> types(Map<String, Object> entry) {
        return events(entry).stream().map(e -> (String) e.get("eventType")).toList();
    }

    static void assertNoReplay(Response r) {
        assertNull(r.header("Idempotent-Replayed"));
    }
}
