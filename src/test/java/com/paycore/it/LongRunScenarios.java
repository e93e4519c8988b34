package com.paycore.it;

import static com.paycore.it.Api.ok;
import static com.paycore.it.Api.refused;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.UUID;

import io.restassured.RestAssured;
import io.restassured.response.Response;

import org.junit.jupiter.api.Test;

/**
 * Long runs: settlement, token rotation, card updater and report sync answer 202 with the run's id and
 * Location at once; GET /api/adm/runs/{id} shows progress and outcome from any instance, to whoever may start such a
 * run; one run of a kind at a time (409 naming it); a run whose instance died ends Failed (interrupted) once its lease
 * has run out, and frees its kind.
 */
abstract class LongRunScenarios {

    static final String SETTLE = "/api/adm/settlements/run";

    @Test
    void aSettlementRunAnswers202AtOnceAndItsGetShowsProgressAndOutcome() {
        Cards.Shop shop = Cards.aShop();
        for (int i = 0; i < 3; i++) {
            shop.anAuthorization("4111111111111111", "2.00", true);
        }
        String root = Api.rootToken();
        UUID rootId = UUID.fromString(ok(Api.as(root).get("/api/adm/users/me")).getString("entry.id"));
        OffsetDateTime before = OffsetDateTime.now(ZoneOffset.UTC).minusSeconds(5);
        Response started = Api.as(root).post(SETTLE);
        UUID id = LongRuns.accepted(started);
        assertEquals("Settlement", JsonBody.of(started).getString("kind"));
        JsonBody run = LongRuns.awaitEnd(() -> Api.as(root), id);
        String shown = run.prettify();
        assertEquals("Settlement", run.getString("entry.kind"), shown);
        assertEquals("Succeeded", run.getString("entry.state"), shown);
        assertEquals(rootId.toString(), run.getString("entry.requestedBy"), shown);
        assertNull(run.get("entry.companyId"), shown);
        assertNull(run.get("entry.error"), shown);
        long total = run.getLong("entry.itemsTotal");
        assertTrue(total >= 3, shown);
        assertEquals(total, run.getLong("entry.itemsDone"), shown);
        assertEquals(0L, run.getLong("entry.itemsLeft"), shown);
        assertTrue(run.getInt("entry.outcome.settled") >= 3, shown);
        assertNotNull(run.getString("entry.outcome.cutoff"), shown);
        assertNotNull(run.get("entry.outcome.refundsSettled"), shown);
        OffsetDateTime startedAt = OffsetDateTime.parse(run.getString("entry.startedAt"));
        OffsetDateTime finishedAt = OffsetDateTime.parse(run.getString("entry.finishedAt"));
        assertTrue(startedAt.isAfter(before) && !finishedAt.isBefore(startedAt), shown);
        assertNotNull(run.getString("entry.heartbeatAt"), shown);
    }

    @Test
    void theSecondInstanceAnswersTheSameRun() {
        Cards.Shop shop = Cards.aShop();
        shop.anAuthorization("4111111111111111", "2.00", true);
        String root = Api.rootToken();
        // started on the second instance (which runs it), followed on both
        UUID id = LongRuns.accepted(Api.onSecondInstance(root).post(SETTLE));
        JsonBody here = LongRuns.awaitEnd(() -> Api.as(root), id);
        JsonBody there = ok(Api.onSecondInstance(root).get(LongRuns.RUNS + id));
        assertEquals("Succeeded", here.getString("entry.state"), here.prettify());
        assertEquals(here.getMap("entry"), there.getMap("entry"));
    }

    @Test
    void aRunIsShownToThoseWhoMayStartItsKind() {
        Api.Member admin = Api.anAdminOf(Api.aCompany());
        Api.Member user = Api.aMember(admin.companyId(), "User");
        Api.Member otherAdmin = Api.anAdminOf(Api.aCompany());
        String adminToken = admin.token();
        // settlement: platform administrators only; an Admin sees it as a missing run, a User is refused
        UUID settlement = LongRuns.accepted(Api.asRoot().post(SETTLE));
        refused(Api.as(adminToken).get(LongRuns.RUNS + settlement), 404);
        refused(Api.as(user.token()).get(LongRuns.RUNS + settlement), 403);
        refused(Api.anonymous().get(LongRuns.RUNS + settlement), 401);
        LongRuns.awaitEnd(Api::asRoot, settlement);
        // card updater: also the company's Admins; another company's Admin sees nothing
        Response started = Api.as(adminToken).body(Map.of("companyId", admin.companyId()))
                .post(CardUpdaterScenarios.RUNS);
        UUID updater = LongRuns.accepted(started);
        JsonBody seen = LongRuns.awaitEnd(() -> Api.as(adminToken), updater);
        assertEquals("CardUpdater", seen.getString("entry.kind"));
        assertEquals(admin.companyId().toString(), seen.getString("entry.companyId"));
        assertEquals(admin.person().id().toString(), seen.getString("entry.requestedBy"));
        assertEquals("Succeeded", seen.getString("entry.state"), seen.prettify());
        assertEquals(admin.companyId().toString(), seen.getString("entry.outcome.companyId"));
        assertEquals(seen.getMap("entry"), ok(Api.asRoot().get(LongRuns.RUNS + updater)).getMap("entry"));
        refused(Api.as(otherAdmin.token()).get(LongRuns.RUNS + updater), 404);
        refused(Api.as(user.token()).get(LongRuns.RUNS + updater), 403);
    }

    @Test
    void anUnknownRunIs404AndAMalformedId400() {
        refused(Api.asRoot().get(LongRuns.RUNS + UUID.randomUUID()), 404);
        refused(Api.asRoot().get(LongRuns.RUNS + "not-a-uuid"), 400);
    }

    /**
     * A run left Running by an instance that died (kill -9: it renews its lease no more), written here as that instance
     * would have left it: while its lease lasts a new settlement is refused with 409 naming it; once the lease has run
     * out a read shows it Failed (interrupted) and a new settlement starts and finishes the work.
     */
    @Test
    void aRunWhoseInstanceDiedBlocksItsKindOnlyUntilItsLeaseRunsOut() throws Exception {
        UUID dead = UUID.randomUUID();
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
        try (Connection db = DatabaseDump.connect()) {
            try (PreparedStatement ps = db.prepareStatement("insert into runs (id, kind, requested_by, state, running_key, "
                    + "items_done, items_total, instance, started_at, heartbeat_at, lease_until) "
                    + "values (?, 'Settlement', ?, 'Running', 'Settlement', 40, 100, 'killed@elsewhere', ?, ?, ?)")) {
                ps.setObject(1, dead);
                ps.setObject(2, UUID.randomUUID());
                ps.setObject(3, now.minusMinutes(1));
                ps.setObject(4, now.minusSeconds(10));
                ps.setObject(5, now.plusMinutes(10));
                ps.executeUpdate();
            }
            try {
                JsonBody running = ok(Api.asRoot().get(LongRuns.RUNS + dead));
                assertEquals("Running", running.getString("entry.state"));
                assertEquals(40L, running.getLong("entry.itemsDone"));
                assertEquals(60L, running.getLong("entry.itemsLeft"));
                Response second = Api.onSecondInstance(Api.rootToken()).post(SETTLE);
                assertTrue(refused(second, 409).getString("errorMessage").contains(dead.toString()));
                assertTrue(second.getHeader("Location").endsWith(LongRuns.RUNS + dead), second.getHeader("Location"));
            } finally {
                // the lease runs out: the instance is gone
                try (PreparedStatement ps = db.prepareStatement("update runs set lease_until = ? where id = ?")) {
                    ps.setObject(1, now.minusSeconds(1));
                    ps.setObject(2, dead);
                    ps.executeUpdate();
                }
            }
        }
        JsonBody interrupted = ok(Api.onSecondInstance(Api.rootToken()).get(LongRuns.RUNS + dead));
        assertEquals("Failed", interrupted.getString("entry.state"), interrupted.prettify());
        assertTrue(interrupted.getString("entry.error").startsWith("interrupted"), interrupted.prettify());
        assertEquals(60L, interrupted.getLong("entry.itemsLeft"), "what it left undone");
        assertNotNull(interrupted.getString("entry.finishedAt"));
        Cards.Shop shop = Cards.aShop();
        UUID sale = shop.anAuthorization("4111111111111111", "2.00", true);
        assertTrue(LongRuns.outcome(Api.asRoot().post(SETTLE)).getInt("settled") >= 1, "a new run does the work");
        assertEquals("Settled", shop.transaction(sale).get("status"));
    }

    @Test
    void theRunOperationIsDocumented() {
        JsonBody openapi = JsonBody.of(RestAssured.given().baseUri(Deployments.baseUri())
                .accept("application/json").get("/openapi").then().statusCode(200).extract().asString());
        assertEquals("getRun", openapi.getString("paths.'/api/adm/runs/{id}'.get.operationId"));
        assertEquals("#/components/schemas/GetRunAnswer",
                openapi.getString("paths.'/api/adm/runs/{id}'.get.responses.'200'.content.'application/json'.schema.'$ref'"));
        for (String path : new String[] {SETTLE, "/api/adm/KeyStores/rotation", CardUpdaterScenarios.RUNS,
                ReportScenarios.SYNC}) {
            Map<String, Object> responses = openapi.getMap("paths.'" + path + "'.post.responses");
            assertTrue(responses.containsKey("202") && responses.containsKey("409") && !responses.containsKey("200"),
                    path + ": " + responses.keySet());
        }
    }
}
