package com.paycore.it;

import static com.paycore.it.Api.asRoot;
import static com.paycore.it.Api.ok;
import static com.paycore.it.Api.refused;
import static com.paycore.it.Cards.aShop;
import static com.paycore.it.Cards.body;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

import io.restassured.RestAssured;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;

/**
 * The card account updater (DESIGN.md sections 4, 5, 6, 8, 9): runs apply the Simulator's updater answers
 * to tokens once, E14 reports them with its filters, paging and tenancy, and no card number shows anywhere.
 */
abstract class CardUpdaterScenarios {

    static final String RUNS = "/api/adm/creditCardUpdater/runs";
    static final String REPORT = "/api/adm/reports/creditCardUpdater";
    static final String EXPIRED = "4000000000000069";
    static final String REPLACED = "4000000000000341";
    static final String CLOSED = "4000000000000010";
    static final String CONTACT = "4000000000000036";
    static final String NO_CHANGE = "4111111111111111";
    static final String REPLACEMENT = "4242424242424242";

    // ---- What each answer does to the token ----

    @Test
    void eachUpdaterCardChangesItsTokenAsTheIssuerSaid() {
        Cards.Shop shop = aShop();
        OffsetDateTime before = now();
        UUID expired = aToken(shop, EXPIRED);
        UUID replaced = aToken(shop, REPLACED);
        UUID closed = aToken(shop, CLOSED);
        UUID contact = aToken(shop, CONTACT);
        UUID unchanged = aToken(shop, NO_CHANGE);

        JsonBody run = run(asRoot(), shop.companyId());
        assertEquals(shop.companyId().toString(), run.getString("companyId"));
        assertEquals(5, run.getInt("checked"));
        assertEquals(Map.of("CardExpired", 1, "CardReplaced", 1, "AccountClosed", 1, "ContactCardholder", 1,
                "NoChange", 1), run.getMap("counts"));
        assertEquals(0, run.getInt("failed"));

        JsonBody renewed = token(shop, expired);
        assertEquals(12, renewed.getInt("entry.expirationMonth"));
        assertEquals(2034, renewed.getInt("entry.expirationYear"), "CardExpired: expiry + 3 years");
        assertEquals("************0069", renewed.getString("entry.maskedCardNumber"));
        assertEquals("Active", renewed.getString("entry.status"));

        JsonBody newCard = token(shop, replaced);
        assertEquals("************4242", newCard.getString("entry.maskedCardNumber"));
        assertEquals("4242", newCard.getString("entry.last4"));
        assertEquals("VISA", newCard.getString("entry.ccType"));
        assertEquals(2031, newCard.getInt("entry.expirationYear"));
        assertEquals("Active", newCard.getString("entry.status"));
        Api.created(shop.authorize(replaced.toString(), "10.00", false)); // the replaced card's token still pays

        JsonBody disabled = token(shop, closed);
        assertEquals("Disabled", disabled.getString("entry.status"));
        refused(shop.authorize(closed.toString(), "10.00", false), 400);
        refused(shop.authorize(disabled.getString("entry.paymentToken"), "10.00", false), 400);

        JsonBody contacted = token(shop, contact);
        assertEquals("************0036", contacted.getString("entry.maskedCardNumber"));
        assertEquals(2031, contacted.getInt("entry.expirationYear"));
        assertEquals("Active", contacted.getString("entry.status"));
        Api.created(shop.authorize(contact.toString(), "10.00", false));

        assertEquals(2031, token(shop, unchanged).getInt("entry.expirationYear"));

        JsonBody report = ok(e14(asRoot(), shop.companyId(), before, now().plusMinutes(1)).get(REPORT));
        assertEquals(4, report.getInt("total"), "NoChange records nothing");
        Map<String, Map<String, Object>> rows = byCustomer(report.getList("entries"));
        assertEquals(Set.of(expired.toString(), replaced.toString(), closed.toString(), contact.toString()),
                rows.keySet());
        assertRow(rows.get(expired.toString()), "CardExpired", "0069", "0069", "2031-12", "2034-12", shop.projectId());
        assertRow(rows.get(replaced.toString()), "CardReplaced", "0341", "4242", "2031-12", "2031-12",
                shop.projectId());
        assertRow(rows.get(closed.toString()), "AccountClosed", "0010", "0010", "2031-12", "2031-12",
                shop.projectId());
        assertRow(rows.get(contact.toString()), "ContactCardholder", "0036", "0036", "2031-12", "2031-12",
                shop.projectId());
        for (Map<String, Object> row : rows.values()) {
            OffsetDateTime updated = OffsetDateTime.parse((String) row.get("updateDate"));
            assertFalse(updated.isBefore(before.minusSeconds(5)) || updated.isAfter(now().plusSeconds(5)),
                    row.toString());
        }
    }

    @Test
    void theRunIsAuditedWithItsCountsAndNoCardData() {
        Cards.Shop shop = aShop();
        OffsetDateTime before = now();
        aToken(shop, REPLACED);
        Api.Member admin = Api.anAdminOf(shop.companyId());
        UUID runId = UUID.fromString(run(Api.as(admin.token()), shop.companyId()).getString("runId"));
        List<Map<String, Object>> events = Api.auditEventsOf(shop.companyId(), before.minusSeconds(5));
        assertTrue(Api.audited(events, "CardUpdaterRun", runId), events.toString());
        Map<String, Object> event = events.stream().filter(e -> runId.toString().equals(e.get("targetId"))).findFirst()
                .orElseThrow();
        assertEquals(admin.person().email(), event.get("actor"));
        assertTrue(String.valueOf(event.get("details")).contains("CardReplaced=1"), event.toString());
        assertFalse(events.toString().contains(REPLACEMENT) || events.toString().contains(REPLACED), events.toString());
    }

    @Test
    void theReplacementIsSealedUnderTheNewestKeystoreWithTheNewCardsFingerprint() throws Exception {
        Cards.Shop shop = aShop();
        UUID replaced = aToken(shop, REPLACED);
        UUID contact = aToken(shop, CONTACT);
        String keystoreBefore = column(contact, "keystore_id");
        UUID newest = Api.created(asRoot().post("/api/adm/KeyStores/generation"));
        run(asRoot(), shop.companyId());
        assertEquals(newest.toString(), column(replaced, "keystore_id"), "re-sealed under the newest keystore");
        assertEquals(keystoreBefore, column(contact, "keystore_id"), "an unchanged card is not re-sealed");
        UUID fresh = aToken(shop, REPLACEMENT);
        assertEquals(column(fresh, "fingerprint"), column(replaced, "fingerprint"), "the new card's fingerprint");
        assertNotEquals(column(contact, "fingerprint"), column(replaced, "fingerprint"));
    }

    @Test
    void projectsWithoutAnActiveProcessorAreLeftOutUntilTheyHaveOne() {
        UUID company = Api.aCompany();
        UUID project = Api.aProject(company);
        UUID keyId = PayAuthenticationScenarios.firstKeyOf(project);
        Cards.Shop shop = new Cards.Shop(company, project, keyId, PayAuthenticationScenarios.valueOf(keyId));
        UUID expired = aToken(shop, EXPIRED);
        assertEquals(0, run(asRoot(), company).getInt("checked"));
        assertEquals(2031, token(shop, expired).getInt("entry.expirationYear"));
        Api.aProcessor(project);
        assertEquals(1, run(asRoot(), company).getInt("counts.CardExpired"));
        assertEquals(2034, token(shop, expired).getInt("entry.expirationYear"));
    }

    @Test
    void deletedTokensAreNotAskedAbout() {
        Cards.Shop shop = aShop();
        UUID expired = aToken(shop, EXPIRED);
        ok(shop.pay().delete(shop.tokens() + "/" + expired));
        assertEquals(0, run(asRoot(), shop.companyId()).getInt("checked"));
        assertEquals(0, ok(e14(asRoot(), shop.companyId(), now().minusHours(1), now().plusMinutes(1)).get(REPORT))
                .getInt("total"));
    }

    // ---- Once, however many runs ----

    @Test
    void aSecondRunInTheSameMonthAppliesNothingAgain() {
        Cards.Shop shop = aShop();
        OffsetDateTime before = now();
        UUID expired = aToken(shop, EXPIRED);
        aToken(shop, REPLACED);
        aToken(shop, CONTACT);
        assertEquals(3, run(asRoot(), shop.companyId()).getInt("checked"));
        JsonBody again = run(asRoot(), shop.companyId());
        assertEquals(0, again.getInt("checked"));
        assertEquals(Map.of("CardExpired", 0, "CardReplaced", 0, "AccountClosed", 0, "ContactCardholder", 0,
                "NoChange", 0), again.getMap("counts"));
        assertEquals(2034, token(shop, expired).getInt("entry.expirationYear"), "extended once, not twice");
        assertEquals(3, ok(e14(asRoot(), shop.companyId(), before, now().plusMinutes(1)).get(REPORT)).getInt("total"));

        UUID later = aToken(shop, EXPIRED); // a token stored after the run is asked by the next one
        JsonBody third = run(asRoot(), shop.companyId());
        assertEquals(1, third.getInt("checked"));
        assertEquals(2034, token(shop, later).getInt("entry.expirationYear"));
        assertEquals(2034, token(shop, expired).getInt("entry.expirationYear"));
    }

    @Test
    void runsAtOnceOnTwoInstancesApplyEachUpdateOnce() throws Exception {
        Cards.Shop shop = aShop();
        OffsetDateTime before = now();
        List<UUID> expired = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            expired.add(aToken(shop, EXPIRED));
        }
        UUID replaced = aToken(shop, REPLACED);
        aToken(shop, CLOSED);
        aToken(shop, CONTACT);
        aToken(shop, NO_CHANGE);
        String root = Api.rootToken();
        List<Response> runs = Parallel.run(4, i -> (i % 2 == 0 ? Api.as(root) : Api.onSecondInstance(root))
                .body(Map.of("companyId", shop.companyId())).post(RUNS));
        Map<String, Integer> sums = new HashMap<>();
        int checked = 0;
        // One requested run per company at a time: a request while one runs is refused with 409 naming it; a run
        // started after it has ended finds every token asked already.
        for (Response r : runs) {
            if (r.statusCode() == 409) {
                Api.refused(r, 409);
                assertTrue(r.getHeader("Location").contains("/api/adm/runs/"), "the 409 names the running run");
                continue;
            }
            JsonBody run = LongRuns.awaitEnd(() -> Api.as(root), LongRuns.accepted(r));
            assertEquals("Succeeded", run.getString("entry.state"), run.prettify());
            checked += run.getInt("entry.outcome.checked");
            run.<String, Integer>getMap("entry.outcome.counts").forEach((type, n) -> sums.merge(type, n, Integer::sum));
        }
        assertEquals(10, checked, "every token asked once in all");
        assertEquals(Map.of("CardExpired", 6, "CardReplaced", 1, "AccountClosed", 1, "ContactCardholder", 1,
                "NoChange", 1), sums);
        for (UUID id : expired) {
            assertEquals(2034, token(shop, id).getInt("entry.expirationYear"), "extended once");
        }
        assertEquals("4242", token(shop, replaced).getString("entry.last4"));
        assertEquals(9, ok(e14(asRoot(), shop.companyId(), before, now().plusMinutes(1)).get(REPORT)).getInt("total"));
    }

    // ---- E14 ----

    @Test
    void updateTypeFiltersAndTotalCountsEveryMatchBeforePaging() {
        Cards.Shop shop = aShop();
        OffsetDateTime before = now();
        Set<UUID> contacts = new HashSet<>();
        for (int i = 0; i < 3; i++) {
            contacts.add(aToken(shop, CONTACT));
        }
        UUID expired = aToken(shop, EXPIRED);
        run(asRoot(), shop.companyId());
        OffsetDateTime after = now().plusMinutes(1);

        JsonBody firstPage = ok(e14(asRoot(), shop.companyId(), before, after)
                .queryParam("updateType", "ContactCardholder")
                .queryParam("limit", 2).get(REPORT));
        assertEquals(3, firstPage.getInt("total"));
        assertEquals(2, firstPage.getList("entries").size());
        JsonBody secondPage = ok(e14(asRoot(), shop.companyId(), before, after)
                .queryParam("updateType", "ContactCardholder")
                .queryParam("limit", 2).queryParam("offset", 2).get(REPORT));
        assertEquals(3, secondPage.getInt("total"));
        assertEquals(1, secondPage.getList("entries").size());
        Set<String> seen = new HashSet<>(firstPage.getList("entries.customerId"));
        seen.addAll(secondPage.getList("entries.customerId"));
        assertEquals(contacts.stream().map(UUID::toString).collect(Collectors.toSet()), seen);
        assertTrue(secondPage.<String>getList("entries.updateReason").stream().allMatch("ContactCardholder"::equals));

        JsonBody expiredOnly = ok(e14(asRoot(), shop.companyId(), before, after).queryParam("updateType", "CardExpired")
                .get(REPORT));
        assertEquals(1, expiredOnly.getInt("total"));
        assertEquals(List.of(expired.toString()), expiredOnly.getList("entries.customerId"));

        JsonBody none = ok(e14(asRoot(), shop.companyId(), before, after).queryParam("updateType", "AccountClosed")
                .get(REPORT));
        assertEquals(0, none.getInt("total"));
        assertEquals(List.of(), none.getList("entries"));
        assertEquals(4, ok(e14(asRoot(), shop.companyId(), before, after).get(REPORT)).getInt("total"));
        assertEquals(4, ok(e14(asRoot(), shop.companyId(), before, after).queryParam("limit", 1000).get(REPORT))
                .getList("entries").size());
    }

    @Test
    void theDateRangeIsInclusiveReadAsUtcWithoutAnOffsetAndParameterNamesIgnoreCase() {
        Cards.Shop shop = aShop();
        OffsetDateTime before = now();
        aToken(shop, CONTACT);
        run(asRoot(), shop.companyId());
        String updated = ok(e14(asRoot(), shop.companyId(), before, now().plusMinutes(1)).get(REPORT))
                .getString("entries[0].updateDate");
        OffsetDateTime at = OffsetDateTime.parse(updated);

        // both ends at the update's own time
        assertEquals(1, ok(asRoot().queryParam("companyid", shop.companyId()).queryParam("STARTDATE", at.toString())
                .queryParam("enddate", at.toString()).queryParam("UPDATETYPE", "ContactCardholder").get(REPORT))
                .getInt("total"));
        // without an offset: UTC. The same instant written as local UTC time matches; shifted by the zone it does not.
        String utcLocal = at.withOffsetSameInstant(ZoneOffset.UTC).toLocalDateTime().toString();
        assertEquals(1, ok(asRoot().queryParam("CompanyId", shop.companyId()).queryParam("StartDate", utcLocal)
                .queryParam("EndDate", utcLocal).get(REPORT)).getInt("total"));
        String inBerlin = at.atZoneSameInstant(ZoneId.of("Europe/Berlin")).toLocalDateTime().toString();
        assertEquals(0, ok(asRoot().queryParam("CompanyId", shop.companyId()).queryParam("StartDate", inBerlin)
                .queryParam("EndDate", inBerlin).get(REPORT)).getInt("total"));
        // a range that ends before the update
        JsonBody earlier = ok(e14(asRoot(), shop.companyId(), before.minusDays(2), before.minusDays(1)).get(REPORT));
        assertEquals(0, earlier.getInt("total"));
        assertEquals(List.of(), earlier.getList("entries"));
    }

    @Test
    void companyUsersSeeOnlyTheirAssignedProjectsRows() {
        UUID company = Api.aCompany();
        Api.Member user = Api.aMember(company, "User");
        Cards.Shop assigned = shopOn(company, Api.aProjectAssignedTo(company, user.companyUserId()));
        Cards.Shop other = shopOn(company, Api.aProject(company));
        OffsetDateTime before = now();
        UUID mine = aToken(assigned, CONTACT);
        UUID theirs = aToken(other, CONTACT);
        run(asRoot(), company);
        OffsetDateTime after = now().plusMinutes(1);

        JsonBody seen = ok(e14(Api.as(user.token()), company, before, after).get(REPORT));
        assertEquals(1, seen.getInt("total"));
        assertEquals(List.of(mine.toString()), seen.getList("entries.customerId"));
        assertEquals(List.of(assigned.projectId().toString()), seen.getList("entries.projectId"));
        JsonBody notMine = ok(e14(Api.as(user.token()), company, before, after)
                .queryParam("projectId", other.projectId()).get(REPORT));
        assertEquals(0, notMine.getInt("total"));
        assertEquals(List.of(), notMine.getList("entries"));

        Api.Member admin = Api.anAdminOf(company);
        JsonBody all = ok(e14(Api.as(admin.token()), company, before, after).get(REPORT));
        assertEquals(2, all.getInt("total"));
        JsonBody oneProject = ok(e14(Api.as(admin.token()), company, before, after)
                .queryParam("projectId", other.projectId()).get(REPORT));
        assertEquals(List.of(theirs.toString()), oneProject.getList("entries.customerId"));
    }

    @Test
    void reportRefusals() {
        Cards.Shop shop = aShop();
        String company = shop.companyId().toString();
        String start = now().minusDays(1).toString();
        String end = now().plusDays(1).toString();
        refused(asRoot().queryParam("CompanyId", company).queryParam("EndDate", end).get(REPORT), 400);
        refused(asRoot().queryParam("CompanyId", company).queryParam("StartDate", start).get(REPORT), 400);
        refused(asRoot().queryParam("CompanyId", company).get(REPORT), 400);
        refused(asRoot().queryParam("StartDate", start).queryParam("EndDate", end).get(REPORT), 400);
        refused(withRange(company, "yesterday", end), 400);
        refused(withRange(company, start, "2025-13-01T00:00:00Z"), 400);
        refused(withRange(company, end, start), 400); // end before start
        refused(rangeQuery(company, start, end).queryParam("updateType", "NoChange").get(REPORT), 400);
        refused(rangeQuery(company, start, end).queryParam("updateType", "Expired").get(REPORT), 400);
        refused(withRange("not-a-uuid", start, end), 400);
        refused(rangeQuery(company, start, end).queryParam("projectId", "nope").get(REPORT), 400);
        refused(rangeQuery(company, start, end).queryParam("limit", 1001).get(REPORT), 400);
        refused(rangeQuery(company, start, end).queryParam("offset", -1).get(REPORT), 400);
        refused(withRange(UUID.randomUUID().toString(), start, end), 404);
        Cards.Shop foreign = aShop();
        String admin = Api.anAdminOf(shop.companyId()).token();
        refused(withRange(Api.as(admin), foreign.companyId().toString(), start, end), 404);
        refused(withRange(Api.anonymous(), company, start, end), 401);
    }

    // ---- Who may run it ----

    @Test
    void runRefusals() {
        Cards.Shop shop = aShop();
        refused(asRoot().body(Map.of()).post(RUNS), 400);
        refused(asRoot().body(Map.of("companyId", "not-a-uuid")).post(RUNS), 400);
        refused(asRoot().body(Map.of("companyId", 12)).post(RUNS), 400);
        refused(asRoot().post(RUNS), 400);
        refused(asRoot().body(Map.of("companyId", UUID.randomUUID())).post(RUNS), 404);
        Api.Member user = Api.aMember(shop.companyId(), "User");
        refused(Api.as(user.token()).body(Map.of("companyId", shop.companyId())).post(RUNS), 403);
        Cards.Shop foreign = aShop();
        Api.Member admin = Api.anAdminOf(shop.companyId());
        refused(Api.as(admin.token()).body(Map.of("companyId", foreign.companyId())).post(RUNS), 404);
        refused(Api.anonymous().body(Map.of("companyId", shop.companyId())).post(RUNS), 401);
    }

    @Test
    void aCompanyAdminRunsTheirCompanysUpdater() {
        Cards.Shop shop = aShop();
        UUID expired = aToken(shop, EXPIRED);
        Api.Member admin = Api.anAdminOf(shop.companyId());
        assertEquals(1, run(Api.as(admin.token()), shop.companyId()).getInt("counts.CardExpired"));
        assertEquals(2034, token(shop, expired).getInt("entry.expirationYear"));
    }

    // ---- Card data ----

    @Test
    void theNewCardNumberAppearsInNoAnswerLogOrTable() throws Exception {
        Cards.Shop shop = aShop();
        OffsetDateTime before = now();
        Response tokenized = shop.paySecond().body(body(REPLACED, "123")).post(shop.tokens());
        UUID replaced = Api.created(tokenized);
        StringBuilder answers = new StringBuilder(tokenized.asString());
        String root = Api.rootToken();
        Response run = Api.onSecondInstance(root).body(Map.of("companyId", shop.companyId())).post(RUNS);
        answers.append(LongRuns.outcome(run).prettify());
        answers.append(shop.paySecond().get(shop.tokens() + "/" + replaced).asString());
        Response sale = shop.paySecond().body(Map.of("paymentToken", replaced.toString(), "amount", 5, "capture", true))
                .post(shop.transactions());
        answers.append(sale.asString());
        answers.append(shop.paySecond().get(shop.transactions()).asString());
        answers.append(ok(Api.onSecondInstance(root).queryParam("CompanyId", shop.companyId())
                .queryParam("StartDate", before.toString()).queryParam("EndDate", now().plusMinutes(1).toString())
                .get(REPORT)).prettify());
        assertTrue(answers.toString().contains("************4242"), "the replaced card answers masked");

        String log = Files.readString(SecondInstance.log(), StandardCharsets.UTF_8);
        String dump = DatabaseDump.all();
        assertTrue(dump.toLowerCase(Locale.ROOT).contains("card_updates"), "the dump covers the update rows");
        for (String pan : List.of(REPLACEMENT, REPLACED)) {
            assertFalse(answers.toString().contains(pan), "a card number in an answer");
            assertFalse(log.contains(pan), "a card number in the second instance's log");
            assertFalse(dump.contains(pan), "a card number in the database");
        }
    }

    @Test
    void bothOperationsAreDocumentedWithTheirStatuses() {
        String doc = RestAssured.given().baseUri(Deployments.baseUri()).accept("application/json")
                .get("/openapi").then().statusCode(200).extract().asString();
        JsonBody openapi = JsonBody.of(doc);
        assertEquals(Set.of("202", "400", "401", "403", "404", "409"),
                openapi.getMap("paths.'/api/adm/creditCardUpdater/runs'.post.responses").keySet());
        assertEquals(Set.of("200", "400", "401", "403", "404"),
                openapi.getMap("paths.'/api/adm/reports/creditCardUpdater'.get.responses").keySet());
    }

    // ---- helpers ----

    static OffsetDateTime now() {
        return OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MILLIS);
    }

    /** A token of the card on the shop's project; its id. */
    static UUID aToken(Cards.Shop shop, String pan) {
        return Api.created(shop.tokenize(body(pan, "123")));
    }

    static Cards.Shop shopOn(UUID company, UUID project) {
        UUID keyId = PayAuthenticationScenarios.firstKeyOf(project);
        Api.aProcessor(project);
        return new Cards.Shop(company, project, keyId, PayAuthenticationScenarios.valueOf(keyId));
    }

    static JsonBody token(Cards.Shop shop, UUID id) {
        return ok(shop.pay().get(shop.tokens() + "/" + id));
    }

    static JsonBody run(RequestSpecification as, UUID companyId) {
        JsonBody run = LongRuns.outcome(as.body(Map.of("companyId", companyId)).post(RUNS));
        UUID.fromString(run.getString("runId"));
        return run;
    }

    /** E14 of the company between the two times (as the given caller), before optional further parameters. */
    static RequestSpecification e14(RequestSpecification as, UUID companyId, OffsetDateTime start, OffsetDateTime end) {
        return as.queryParam("CompanyId", companyId).queryParam("StartDate", start.toString())
                .queryParam("EndDate", end.toString());
    }

    private static Response withRange(String company, String start, String end) {
        return withRange(asRoot(), company, start, end);
    }

    private static Response withRange(RequestSpecification as, String company, String start, String end) {
        return rangeQuery(as, company, start, end).get(REPORT);
    }

    private static RequestSpecification rangeQuery(String company, String start, String end) {
        return rangeQuery(asRoot(), company, start, end);
    }

    private static RequestSpecification rangeQuery(RequestSpecification as, String company, String start, String end) {
        return as.queryParam("CompanyId", company).queryParam("StartDate", start).queryParam("EndDate", end);
    }

    static Map<String, Map<String, Object>> byCustomer(List<Map<String, Object>> entries) {
        Map<String, Map<String, Object>> rows = new HashMap<>();
        entries.forEach(e -> rows.put((String) e.get("customerId"), e));
        return rows;
    }

    static void assertRow(Map<String, Object> row, String reason, String oldLast4, String newLast4, String oldExpiry,
                          String newExpiry, UUID projectId) {
        assertEquals(reason, row.get("updateReason"), row.toString());
        assertEquals(oldLast4, row.get("oldCardLast4"), row.toString());
        assertEquals(newLast4, row.get("newCardLast4"), row.toString());
        assertEquals(oldExpiry, row.get("oldExpirationDate"), row.toString());
        assertEquals(newExpiry, row.get("newExpirationDate"), row.toString());
        assertEquals(projectId.toString(), row.get("projectId"), row.toString());
    }

    /** A column of a token's row, read from the database. */
    static String column(UUID tokenId, String column) throws Exception {
        try (Connection db = DatabaseDump.connect();
             PreparedStatement query = db.prepareStatement("select " + column + " from payment_tokens where id = ?")) {
            query.setObject(1, tokenId);
            try (ResultSet rs = query.executeQuery()) {
                assertTrue(rs.next(), "no token " + tokenId);
                return rs.getString(1);
            }
        }
    }
}
