package com.paycore.it;

import static com.paycore.it.Api.asRoot;
import static com.paycore.it.Api.ok;
import static com.paycore.it.Api.refused;
import static com.paycore.it.Cards.aShop;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import io.restassured.response.Response;

/** Chargebacks (DESIGN.md sections 5, 7, 9), E2 and E13. */
abstract class ChargebackScenarios {

    static final String CHARGEBACKS = "/api/adm/chargebacks";
    static final String E13 = "/api/adm/reports/chargebacks";

    // ---- Recording and moves ----

    @Test
    void aRecordedChargebackIsPendingAndAddsAChargebackEvent() {
        Cards.Shop shop = aShop();
        UUID sale = shop.anAuthorization("4111111111111111", "30.00", true);
        Response r = record(sale, Map.of("amount", new BigDecimal("12.50"), "reason", "Item not received", "reasonCode", "13.1"));
        UUID id = Api.created(r);
        JsonBody json = JsonBody.of(r).exact();
        assertEquals(id.toString(), json.getString("chargebackId"));
        assertEquals("Pending", json.getString("entry.status"));
        assertEquals(new BigDecimal("12.50"), json.get("entry.amount"));
        assertEquals(sale.toString(), json.getString("entry.transactionId"));
        assertEquals("13.1", json.getString("entry.reasonCode"));
        OffsetDateTime date = OffsetDateTime.parse(json.getString("entry.chargebackDate"));
        assertEquals(date.plusDays(10).toInstant(), OffsetDateTime.parse(json.getString("entry.respondByDate")).toInstant());
        Map<String, Object> transaction = shop.transaction(sale);
        assertEquals(List.of("Authorize", "Capture", "Chargeback"), TransactionScenarios.types(transaction));
        assertEquals("Captured", transaction.get("status"));
        Map<String, Object> event = TransactionScenarios.events(transaction).get(2);
        assertEquals("Approved", event.get("eventResult"));
        assertEquals(new BigDecimal("12.50"), event.get("amount"));
    }

    @Test
    void recordingRefusals() {
        Cards.Shop shop = aShop();
        UUID sale = shop.anAuthorization("4111111111111111", "30.00", true);
        UUID authorized = shop.anAuthorization("4111111111111111", "30.00", false);
        refused(asRoot().body(Map.of("reason", "x")).post(CHARGEBACKS), 400);
        refused(record(authorized, Map.of("amount", 1)), 400); // never captured
        refused(record(sale, Map.of("amount", new BigDecimal("30.01"))), 400);
        refused(record(sale, Map.of("amount", new BigDecimal("1.001"))), 400);
        refused(record(sale, Map.of("chargebackDate", "2026-05-10T00:00:00Z", "respondByDate", "2026-05-01T00:00:00Z")), 400);
        refused(record(sale, Map.of("chargebackDate", "yesterday")), 400);
        refused(record(UUID.randomUUID(), Map.of("amount", 1)), 404);
        Map<String, Object> body = new HashMap<>(Map.of("transactionId", sale, "amount", 1));
        refused(Api.as(Api.anAdminOf(shop.companyId()).token()).body(body).post(CHARGEBACKS), 403);
        refused(Api.anonymous().body(body).post(CHARGEBACKS), 401);
        assertEquals(List.of("Authorize", "Capture"), TransactionScenarios.types(shop.transaction(sale)));
    }

    @Test
    void acceptMovesPendingToAcceptedOnce() {
        Cards.Shop shop = aShop();
        UUID chargeback = aChargeback(shop);
        JsonBody accepted = ok(shop.pay().post(path(shop, chargeback, "accept")));
        assertEquals("Accepted", accepted.getString("entry.status"));
        assertEquals(false, accepted.getBoolean("entry.acceptedAutomatically"));
        refused(shop.pay().post(path(shop, chargeback, "accept")), 400);
        refused(shop.pay().body(Map.of("evidence", "receipt")).post(path(shop, chargeback, "dispute")), 400);
        refused(asRoot().body(Map.of("outcome", "Won")).post(CHARGEBACKS + "/" + chargeback + "/resolve"), 400);
    }

    @Test
    void disputeThenResolve() {
        Cards.Shop shop = aShop();
        UUID won = aChargeback(shop);
        refused(asRoot().body(Map.of("outcome", "Won")).post(CHARGEBACKS + "/" + won + "/resolve"), 400); // still Pending
        refused(shop.pay().body(Map.of()).post(path(shop, won, "dispute")), 400);
        refused(shop.pay().body(Map.of("evidence", " ")).post(path(shop, won, "dispute")), 400);
        JsonBody disputed = ok(shop.pay().body(Map.of("evidence", "Signed delivery receipt")).post(path(shop, won, "dispute")));
        assertEquals("Disputed", disputed.getString("entry.status"));
        assertEquals("Signed delivery receipt", disputed.getString("entry.evidence"));
        refused(shop.pay().post(path(shop, won, "accept")), 400);
        refused(shop.pay().body(Map.of("evidence", "again")).post(path(shop, won, "dispute")), 400);
        refused(asRoot().body(Map.of("outcome", "Draw")).post(CHARGEBACKS + "/" + won + "/resolve"), 400);
        refused(Api.as(Api.anAdminOf(shop.companyId()).token()).body(Map.of("outcome", "Won"))
                .post(CHARGEBACKS + "/" + won + "/resolve"), 403);
        JsonBody resolved = ok(asRoot().body(Map.of("outcome", "Won")).post(CHARGEBACKS + "/" + won + "/resolve"));
        assertEquals("Won", resolved.getString("entry.status"));
        assertNotNull(resolved.getString("entry.resolvedDate"));
        refused(asRoot().body(Map.of("outcome", "Lost")).post(CHARGEBACKS + "/" + won + "/resolve"), 400);

        UUID lost = aChargeback(shop);
        ok(shop.pay().body(Map.of("evidence", "Tracking number 123")).post(path(shop, lost, "dispute")));
        assertEquals("Lost", ok(asRoot().body(Map.of("outcome", "Lost")).post(CHARGEBACKS + "/" + lost + "/resolve"))
                .getString("entry.status"));
        refused(asRoot().body(Map.of("outcome", "Won")).post(CHARGEBACKS + "/" + UUID.randomUUID() + "/resolve"), 404);
        refused(asRoot().body(Map.of("outcome", "Won")).post(CHARGEBACKS + "/nope/resolve"), 400);
    }

    @Test
    void anotherProjectsKeyCannotMoveTheChargeback() {
        Cards.Shop shop = aShop();
        UUID chargeback = aChargeback(shop);
        Cards.Shop sibling = siblingOf(shop);
        refused(sibling.pay().post(path(sibling, chargeback, "accept")), 404);
        refused(sibling.pay().body(Map.of("evidence", "x")).post(path(sibling, chargeback, "dispute")), 404);
        refused(shop.pay().post(path(shop, UUID.randomUUID(), "accept")), 404);
        refused(shop.pay().post("/api/pay/" + shop.projectId() + "/chargebacks/nope/accept"), 400);
        assertEquals("Pending", e2(shop, Map.of("chargebackId", chargeback.toString())).get(0).get("status"));
    }

    @Test
    void overdueChargebacksAreAcceptedAutomaticallyOnceAndCannotBeDisputed() throws Exception {
        Cards.Shop shop = aShop();
        UUID sale = shop.anAuthorization("4111111111111111", "30.00", true);
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
        UUID overdue = Api.created(record(sale, Map.of("amount", new BigDecimal("5.00"),
                "chargebackDate", now.minusDays(20).toString(), "respondByDate", now.minusDays(10).toString())));
        UUID open = Api.created(record(sale, Map.of("amount", new BigDecimal("5.00"),
                "chargebackDate", now.minusDays(1).toString(), "respondByDate", now.plusDays(9).toString())));
        refused(shop.pay().body(Map.of("evidence", "too late")).post(path(shop, overdue, "dispute")), 400);
        String root = Api.rootToken();
        List<Response> runs = Parallel.run(4, i -> (i % 2 == 0 ? Api.as(root) : Api.onSecondInstance(root))
                .post(CHARGEBACKS + "/autoAcceptance/run"));
        runs.forEach(Api::ok);
        Map<String, Object> accepted = e2(shop, Map.of("chargebackId", overdue.toString())).get(0);
        assertEquals("Accepted", accepted.get("status"));
        assertEquals(true, accepted.get("acceptedAutomatically"));
        assertEquals("Pending", e2(shop, Map.of("chargebackId", open.toString())).get(0).get("status"));
        List<Map<String, Object>> audit = Api.auditEventsOf(shop.companyId(), now.minusMinutes(1));
        assertEquals(1, audit.stream().filter(e -> "ChargebackAcceptedAutomatically".equals(e.get("action"))
                && overdue.toString().equals(e.get("targetId"))).count(), audit.toString());
        refused(Api.as(Api.anAdminOf(shop.companyId()).token()).post(CHARGEBACKS + "/autoAcceptance/run"), 403);
    }

    @Test
    void theSimulatorsDisputeCardOpensAChargebackAtSettlement() {
        Cards.Shop shop = aShop();
        UUID sale = shop.anAuthorization("4000000000000259", "42.00", true);
        UUID plain = shop.anAuthorization("4111111111111111", "42.00", true);
        LongRuns.outcome(asRoot().post("/api/adm/settlements/run"));
        List<Map<String, Object>> found = e2(shop, Map.of("transactionId", sale.toString()));
        assertEquals(1, found.size(), found.toString());
        assertEquals("Pending", found.get(0).get("status"));
        assertEquals("10.4", found.get(0).get("reasonCode"));
        assertEquals(new BigDecimal("42.00"), found.get(0).get("amount"));
        assertEquals(List.of("Authorize", "Capture", "Settle", "Chargeback"), TransactionScenarios.types(shop.transaction(sale)));
        assertTrue(e2(shop, Map.of("transactionId", plain.toString())).isEmpty());
        LongRuns.outcome(asRoot().post("/api/adm/settlements/run"));
        assertEquals(1, e2(shop, Map.of("transactionId", sale.toString())).size(), "one dispute, however many runs");
    }

    // ---- E2 ----

    @Test
    void e2ListsTheProjectsChargebacksSinceStartDateWithPaging() {
        Cards.Shop shop = aShop();
        UUID sale = shop.anAuthorization("4111111111111111", "90.00", true);
        OffsetDateTime base = OffsetDateTime.now(ZoneOffset.UTC).minusDays(30);
        UUID old = Api.created(record(sale, Map.of("amount", 1, "chargebackDate", base.toString())));
        UUID mid = Api.created(record(sale, Map.of("amount", 2, "chargebackDate", base.plusDays(10).toString())));
        UUID last = Api.created(record(sale, Map.of("amount", 3, "chargebackDate", base.plusDays(20).toString())));
        assertEquals(List.of(old, mid, last), ids(e2(shop, Map.of())));
        assertEquals(List.of(mid, last), ids(e2(shop, Map.of("startDate", base.plusDays(5).toString()))));
        assertEquals(List.of(mid), ids(e2(shop, Map.of("offset", 1, "limit", 1))));
        assertEquals(List.of(last), ids(e2(shop, Map.of("offset", 2, "limit", 10000))));
        Map<String, Object> entry = e2(shop, Map.of("chargebackId", mid.toString())).get(0);
        assertEquals(sale.toString(), entry.get("transactionId"));
        assertEquals(shop.projectId().toString(), entry.get("projectId"));
        assertEquals(new BigDecimal("2.00"), entry.get("amount"));
        assertEquals("USD", entry.get("currency"));
        assertNotNull(entry.get("respondByDate"));
        UUID noChargebacks = shop.anAuthorization("4111111111111111", "5.00", true);
        assertTrue(e2(shop, Map.of("transactionId", noChargebacks.toString())).isEmpty());
    }

    @Test
    void e2Refusals() {
        Cards.Shop shop = aShop();
        String e2 = "/api/pay/" + shop.projectId() + "/chargeEvents/chargeback";
        String start = "2020-01-01T00:00:00Z";
        refused(shop.pay().body(Map.of("offset", 0, "limit", 10)).post(e2), 400);
        refused(shop.pay().body(Map.of("startDate", "", "offset", 0, "limit", 10)).post(e2), 400);
        refused(shop.pay().body(Map.of("startDate", start, "limit", 10)).post(e2), 400);
        refused(shop.pay().body(Map.of("startDate", start, "offset", 0)).post(e2), 400);
        refused(shop.pay().body(Map.of("startDate", start, "offset", 0, "limit", 0)).post(e2), 400);
        refused(shop.pay().body(Map.of("startDate", start, "offset", 0, "limit", 10001)).post(e2), 400);
        refused(shop.pay().body(Map.of("startDate", start, "offset", -1, "limit", 10)).post(e2), 400);
        refused(shop.pay().body(Map.of("startDate", "soon", "offset", 0, "limit", 10)).post(e2), 400);
        refused(shop.pay().body(Map.of("startDate", start, "offset", 0, "limit", 10, "chargebackId", "nope")).post(e2), 400);
        refused(shop.pay().body(Map.of("startDate", start, "offset", 0, "limit", 10, "chargebackId",
                UUID.randomUUID().toString())).post(e2), 404);
        refused(shop.pay().body(Map.of("startDate", start, "offset", 0, "limit", 10, "transactionId",
                UUID.randomUUID().toString())).post(e2), 404);
        refused(Api.anonymous().body(Map.of("startDate", start, "offset", 0, "limit", 10)).post(e2), 401);
    }

    @Test
    void e2AndOtherProjects() {
        Cards.Shop shop = aShop();
        Cards.Shop sibling = siblingOf(shop);
        Cards.Shop stranger = aShop();
        UUID mine = aChargeback(shop);
        UUID theirs = aChargeback(sibling);
        UUID foreign = aChargeback(stranger);
        UUID siblingTransaction = UUID.fromString((String) e2(sibling, Map.of()).get(0).get("transactionId"));
        String e2 = "/api/pay/" + shop.projectId() + "/chargeEvents/chargeback";
        Map<String, Object> base = Map.of("startDate", "2020-01-01T00:00:00Z", "offset", 0, "limit", 100);
        refused(shop.pay().body(with(base, "chargebackId", theirs.toString())).post(e2), 403);
        refused(shop.pay().body(with(base, "transactionId", siblingTransaction.toString())).post(e2), 403);
        refused(shop.pay().body(with(base, "chargebackId", foreign.toString())).post(e2), 404);
        assertEquals(List.of(theirs), ids(e2(shop, Map.of("chargebackId", theirs.toString(), "isForAllProjectsInCompany", true))));
        assertEquals(List.of(theirs), ids(e2(shop, Map.of("transactionId", siblingTransaction.toString(),
                "isForAllProjectsInCompany", true))));
        List<UUID> company = ids(e2(shop, Map.of("isForAllProjectsInCompany", true)));
        assertTrue(company.containsAll(List.of(mine, theirs)) && !company.contains(foreign), company.toString());
        assertEquals(List.of(mine), ids(e2(shop, Map.of())));
    }

    // ---- E13 ----

    @Test
    void e13ReportsTheCompanysChargebacksWithTotals() {
        Cards.Shop shop = aShop();
        Cards.Shop sibling = siblingOf(shop);
        UUID sale = shop.anAuthorization("4111111111111111", "100.00", true);
        UUID siblingSale = sibling.anAuthorization("4111111111111111", "100.00", true);
        OffsetDateTime caseDate = OffsetDateTime.parse("2026-01-15T12:00:00Z");
        UUID a = Api.created(record(sale, Map.of("amount", new BigDecimal("10.25"), "reason", "Fraud",
                "chargebackDate", caseDate.toString(), "respondByDate", caseDate.plusYears(5).toString())));
        UUID b = Api.created(record(sale, Map.of("amount", new BigDecimal("4.75"), "chargebackDate",
                caseDate.plusDays(5).toString(), "respondByDate", caseDate.plusYears(5).toString())));
        UUID c = Api.created(record(siblingSale, Map.of("amount", new BigDecimal("1.00"))));
        ok(shop.pay().post(path(shop, b, "accept")));

        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
        JsonBody created = ok(report(shop.companyId(), now.minusDays(1), now.plusDays(1), Map.of())).exact();
        assertEquals(3, created.getInt("total"));
        assertEquals(new BigDecimal("16.00"), created.get("totalAmount"));
        assertEquals(List.of(a.toString(), b.toString(), c.toString()), created.getList("entries.chargebackId"));
        Map<String, Object> row = created.getList("entries", Map.class).get(0);
        assertEquals(sale.toString(), row.get("transactionId"));
        assertEquals("Fraud", row.get("reason"));
        assertEquals("Pending", row.get("status"));
        assertEquals(caseDate.plusYears(5).toInstant(), OffsetDateTime.parse((String) row.get("dueDate")).toInstant());
        assertEquals(caseDate.toInstant(), OffsetDateTime.parse((String) row.get("chargebackDate")).toInstant());

        JsonBody byCase = ok(report(shop.companyId(), caseDate.minusDays(1), caseDate.plusDays(1),
                Map.of("ChargebackReportDateType", "CaseTime"))).exact();
        assertEquals(List.of(a.toString()), byCase.getList("entries.chargebackId"));
        assertEquals(new BigDecimal("10.25"), byCase.get("totalAmount"));
        assertEquals(List.of(b.toString()), ok(report(shop.companyId(), now.minusDays(1), now.plusDays(1),
                Map.of("status", "Accepted"))).getList("entries.chargebackId"));
        assertEquals(List.of(c.toString()), ok(report(shop.companyId(), now.minusDays(1), now.plusDays(1),
                Map.of("projectId", sibling.projectId()))).getList("entries.chargebackId"));
        JsonBody paged = ok(report(shop.companyId(), now.minusDays(1), now.plusDays(1), Map.of("limit", 1, "offset", 1)));
        assertEquals(List.of(b.toString()), paged.getList("entries.chargebackId"));
        assertEquals(3, paged.getInt("total"));
        JsonBody empty = ok(report(shop.companyId(), now.minusDays(60), now.minusDays(30), Map.of()));
        assertTrue(empty.getList("entries").isEmpty());
        assertEquals(0, empty.getInt("total"));
        // dates without an offset are UTC
        assertEquals(3, ok(report(shop.companyId(), null, null, Map.of("StartDate", now.minusDays(1).toLocalDateTime().toString(),
                "EndDate", now.plusDays(1).toLocalDateTime().toString()))).getInt("total"));
    }

    @Test
    void e13Refusals() {
        Cards.Shop shop = aShop();
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
        refused(report(shop.companyId(), now.minusDays(91), now, Map.of()), 400);
        ok(report(shop.companyId(), now.minusDays(90), now, Map.of()));
        refused(report(shop.companyId(), now, now.minusDays(1), Map.of()), 400);
        refused(asRoot().queryParam("CompanyId", shop.companyId()).queryParam("EndDate", now.toString()).get(E13), 400);
        refused(asRoot().queryParam("CompanyId", shop.companyId()).queryParam("StartDate", now.toString()).get(E13), 400);
        refused(asRoot().queryParam("StartDate", now.minusDays(1).toString()).queryParam("EndDate", now.toString()).get(E13), 400);
        refused(report(shop.companyId(), now.minusDays(1), now, Map.of("ChargebackReportDateType", "Yesterday")), 400);
        refused(report(shop.companyId(), now.minusDays(1), now, Map.of("status", "Sunny")), 400);
        refused(report(shop.companyId(), null, null, Map.of("StartDate", "soon", "EndDate", now.toString())), 400);
        refused(report(UUID.randomUUID(), now.minusDays(1), now, Map.of()), 404);
        refused(Api.anonymous().queryParam("CompanyId", shop.companyId()).queryParam("StartDate", now.minusDays(1).toString())
                .queryParam("EndDate", now.toString()).get(E13), 401);
        refused(Api.as(Api.anAdminOf(Api.aCompany()).token()).queryParam("CompanyId", shop.companyId())
                .queryParam("StartDate", now.minusDays(1).toString()).queryParam("EndDate", now.toString()).get(E13), 404);
    }

    @Test
    void e13ShowsACompanyUserOnlyTheirProjects() {
        Cards.Shop shop = aShop();
        Api.Member user = Api.aMember(shop.companyId(), "User");
        UUID assigned = Api.aProjectAssignedTo(shop.companyId(), user.companyUserId());
        Api.aProcessor(assigned);
        UUID keyId = PayAuthenticationScenarios.firstKeyOf(assigned);
        Cards.Shop theirs = new Cards.Shop(shop.companyId(), assigned, keyId, PayAuthenticationScenarios.valueOf(keyId));
        UUID hidden = aChargeback(shop);
        UUID visible = aChargeback(theirs);
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
        Response asUser = Api.as(user.token()).queryParam("CompanyId", shop.companyId())
                .queryParam("StartDate", now.minusDays(1).toString()).queryParam("EndDate", now.plusDays(1).toString()).get(E13);
        assertEquals(List.of(visible.toString()), ok(asUser).getList("entries.chargebackId"));
        List<String> admin = ok(Api.as(Api.anAdminOf(shop.companyId()).token()).queryParam("CompanyId", shop.companyId())
                .queryParam("StartDate", now.minusDays(1).toString()).queryParam("EndDate", now.plusDays(1).toString())
                .get(E13)).getList("entries.chargebackId");
        assertTrue(admin.containsAll(List.of(hidden.toString(), visible.toString())), admin.toString());
    }

    // ---- Refunds after chargebacks ----

    /**
     * Refunds may not exceed the captured amount less refunds and less the chargebacks that hold money: Pending,
     * Disputed, Accepted and Lost ones; a Won chargeback gives its amount back to the merchant.
     */
    @Test
    void refundsStopAtWhatStandingChargebacksLeave() {
        Cards.Shop shop = aShop();
        Map<String, Boolean> counts = Map.of("Pending", true, "Accepted", true, "Disputed", true, "Lost", true, "Won", false);
        counts.forEach((status, standing) -> {
            UUID sale = shop.anAuthorization("4111111111111111", "10.00", true);
            UUID chargeback = Api.created(record(sale, Map.of("amount", new BigDecimal("6.00"))));
            moveTo(shop, chargeback, status);
            Response over = shop.move(sale, "refund", Map.of("amount", new BigDecimal("4.01")));
            if (standing) {
                assertTrue(refused(over, 400).getString("errorMessage").contains("4.00"), status + ": " + over.asString());
                assertEquals(new BigDecimal("4.00"), ok(shop.move(sale, "refund", Map.of())).exact().get("amount"), status);
                refused(shop.move(sale, "refund", Map.of("amount", new BigDecimal("0.01"))), 400);
                refused(shop.move(sale, "refund", Map.of()), 400);
            } else {
                assertEquals(new BigDecimal("4.01"), ok(over).exact().get("amount"), status);
            }
        });
    }

    /**
     * A chargeback and a refund of the same transaction at the same moment: both take the transaction's row lock, so
     * the refund either ran first (its event precedes the chargeback's) or saw the chargeback and was held to what it
     * left. Never a refund that passed over a chargeback already recorded.
     */
    @Test
    void aConcurrentChargebackAndRefundNeverBothTakeTheSameMoney() throws Exception {
        Cards.Shop shop = aShop();
        for (int round = 0; round < 4; round++) {
            UUID sale = shop.anAuthorization("4111111111111111", "10.00", true);
            List<Response> answers = Parallel.run(2, i -> i == 0
                    ? record(sale, Map.of("amount", new BigDecimal("6.00")))
                    : shop.move(sale, "refund", Map.of("amount", new BigDecimal("6.00"))));
            Api.created(answers.get(0)); // the processor's chargeback is always recorded
            List<String> types = TransactionScenarios.types(shop.transaction(sale));
            if (answers.get(1).statusCode() == 200) {
                assertEquals(List.of("Authorize", "Capture", "Refund", "Chargeback"), types, "round " + round);
            } else {
                refused(answers.get(1), 400);
                assertEquals(List.of("Authorize", "Capture", "Chargeback"), types, "round " + round);
            }
        }
    }

    private static void moveTo(Cards.Shop shop, UUID chargeback, String status) {
        switch (status) {
            case "Pending" -> { }
            case "Accepted" -> ok(shop.pay().post(path(shop, chargeback, "accept")));
            default -> {
                ok(shop.pay().body(Map.of("evidence", "Delivered, signed for")).post(path(shop, chargeback, "dispute")));
                if (!status.equals("Disputed")) {
                    ok(asRoot().body(Map.of("outcome", status)).post(CHARGEBACKS + "/" + chargeback + "/resolve"));
                }
            }
        }
    }

    // ---- helpers ----

    static Response record(UUID transactionId, Map<String, Object> fields) {
        Map<String, Object> body = new HashMap<>(fields);
        body.put("transactionId", transactionId);
        return asRoot().body(body).post(CHARGEBACKS);
    }

    /** A Pending chargeback of 1.00 on a fresh sale of the shop. */
    static UUID aChargeback(Cards.Shop shop) {
        UUID sale = shop.anAuthorization("4111111111111111", "10.00", true);
        return Api.created(record(sale, Map.of("amount", 1)));
    }

    /** Another project of the same company, with its key and a Simulator processor. */
    static Cards.Shop siblingOf(Cards.Shop shop) {
        UUID project = Api.aProject(shop.companyId());
        Api.aProcessor(project);
        UUID keyId = PayAuthenticationScenarios.firstKeyOf(project);
        return new Cards.Shop(shop.companyId(), project, keyId, PayAuthenticationScenarios.valueOf(keyId));
    }

    static String path(Cards.Shop shop, UUID chargebackId, String move) {
        return "/api/pay/" + shop.projectId() + "/chargebacks/" + chargebackId + "/" + move;
    }

    /** E2 with startDate 2020, offset 0, limit 100 unless overridden; the entries, amounts exact. */
    static List<Map<String, Object>> e2(Cards.Shop shop, Map<String, Object> fields) {
        Map<String, Object> body = new HashMap<>(Map.of("startDate", "2020-01-01T00:00:00Z", "offset", 0, "limit", 100));
        body.putAll(fields);
        return ok(shop.pay().body(body).post("/api/pay/" + shop.projectId() + "/chargeEvents/chargeback")).exact()
                .getList("entries");
    }

    static Response report(UUID companyId, OffsetDateTime start, OffsetDateTime end, Map<String, Object> params) {
        var request = asRoot().queryParam("CompanyId", companyId);
        if (start != null) {
            request.queryParam("StartDate", start.toString());
        }
        if (end != null) {
            request.queryParam("EndDate", end.toString());
        }
        params.forEach(request::queryParam);
        return request.get(E13);
    }

    static List<UUID> ids(List<Map<String, Object>> entries) {
        return entries.stream().map(e -> UUID.fromString((String) e.get("chargebackId"))).toList();
    }

    static Map<String, Object> with(Map<String, Object> base, String key, Object value) {
        Map<String, Object> copy = new HashMap<>(base);
        copy.put(key, value);
        return copy;
    }
}
