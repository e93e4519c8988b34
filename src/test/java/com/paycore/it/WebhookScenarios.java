package com.paycore.it;

import static com.paycore.it.Api.aCompany;
import static com.paycore.it.Api.aMember;
import static com.paycore.it.Api.aProject;
import static com.paycore.it.Api.anAdminOf;
import static com.paycore.it.Api.as;
import static com.paycore.it.Api.asRoot;
import static com.paycore.it.Api.created;
import static com.paycore.it.Api.ok;
import static com.paycore.it.Api.refused;
import static com.paycore.it.CompanyScenarios.body;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.Collectors;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;

import com.paycore.event.Topic;

/**
 * Webhooks (DESIGN.md section 10) against real receivers started here: endpoint management with its roles and
 * tenancy, the secret shown once, validation; signed deliveries checked by an HMAC computed here, retries after a
 * 500 and after a timeout, two signatures during a rotation, two instances delivering without sending any attempt
 * twice, manual retries, the delivery log against what the receiver saw, and no card data, key or secret in any of it.
 * The instances under test run with a 1 s retry schedule and a 2 s timeout (pom.xml).
 */
abstract class WebhookScenarios {

    static final String ENDPOINTS = "/api/adm/webhookEndpoints";
    static final Duration DELIVERY = Duration.ofSeconds(60);
    static final String CARD = "4111111111111111";
    static final String CVV = "987";
    /** The instance under test's round and attempt timeout (pom.xml: payments.webhooks.poll-ms, .timeout-ms). */
    static final long POLL_MS = 300;
    static final long TIMEOUT_MS = 2000;

    /** An endpoint as made: its id and the secret its create answered. */
    record Endpoint(UUID id, String secret) {
        String path() {
            return ENDPOINTS + "/" + id;
        }
    }

    static Map<String, Object> endpointBody(UUID project, String url, List<String> events) {
        return body("companyProjectId", project, "url", url, "enabledEvents", events, "description", "orders system");
    }

    static Endpoint anEndpoint(UUID project, String url, String... events) {
        Response r = asRoot().body(endpointBody(project, url, List.of(events))).post(ENDPOINTS);
        return new Endpoint(created(r), JsonBody.of(r).getString("secret"));
    }

    static void deleteQuietly(Endpoint endpoint) {
        asRoot().delete(endpoint.path());
    }

    static List<Map<String, Object>> log(Endpoint endpoint, String eventId) {
        return ok(asRoot().queryParam("eventId", eventId).queryParam("limit", 1000).get(endpoint.path() + "/deliveries"))
                .getList("entries");
    }

    static List<Map<String, Object>> log(Endpoint endpoint) {
        return ok(asRoot().queryParam("limit", 1000).get(endpoint.path() + "/deliveries")).getList("entries");
    }

    /** The sample of /metrics that counts the delivery worker's rounds ended on an instance (Schedules' job runs). */
    static final String ROUNDS = "payments_job_runs_total[job=\"webhook-delivery\", outcome=\"success\"]";

    /**
     * Returns once nothing more is to be sent to the endpoint by itself: none of its deliveries is Pending or has a
     * manual retry queued (awaited), and then every instance delivering from the tests' database (this one, and the
     * second when a test has started it) has ended two more delivery rounds ({@link #twoMoreRounds}). What a test
     * counts after this is final: a delivery sent again would have been claimed and sent by one of those rounds.
     */
    static void settled(Endpoint endpoint) {
        Receiver.await(DELIVERY, "nothing left to send to " + endpoint.id(), () -> unsettled(endpoint) == 0);
        List<String> instances = new ArrayList<>(List.of(Deployments.baseUri()));
        SecondInstance.ifStarted().ifPresent(instances::add);
        twoMoreRounds(instances);
    }

    /** The endpoint's deliveries with an attempt still to come: Pending, or with a manual retry queued. */
    static int unsettled(Endpoint endpoint) {
        try (Connection db = DatabaseDump.connect();
             PreparedStatement count = db.prepareStatement("select count(*) from webhook_deliveries "
                     + "where endpoint_id = ? and (status = 'Pending' or manual_due_at is not null)")) {
            count.setObject(1, endpoint.id());
            try (ResultSet rows = count.executeQuery()) {
                rows.next();
                return rows.getInt(1);
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Returns once the delivery worker of each instance (its base URI) has ended two more rounds, as its /metrics
     * counts them: the first may have begun before this was called, the second began after it (the next round is
     * planned when one ends), so what a round would claim now has been claimed and sent. The instances run their
     * rounds by themselves every poll interval; this waits for them instead of for a number of seconds.
     */
    static void twoMoreRounds(List<String> instances) {
        for (String instance : instances) {
            double from = rounds(instance);
            Receiver.await(Duration.ofSeconds(30), "two more delivery rounds on " + instance,
                    () -> rounds(instance) >= from + 2);
        }
    }

    /** The delivery rounds the instance has ended so far. */
    static double rounds(String instance) {
        return MetricsScenarios.value(MetricsScenarios.scrape(instance), ROUNDS);
    }

    /** The v1= values of a Payments-Signature header that an HMAC computed here with the secret confirms. */
    static boolean signedWith(Receiver.Request request, String secret) {
        return v1s(request).contains(hmac(secret, timestamp(request), request.body()));
    }

    static long timestamp(Receiver.Request request) {
        String t = request.signature().split(",")[0];
        assertTrue(t.startsWith("t="), request.signature());
        return Long.parseLong(t.substring(2));
    }

    static List<String> v1s(Receiver.Request request) {
        List<String> values = new ArrayList<>();
        for (String part : request.signature().split(",")) {
            if (part.startsWith("v1=")) {
                values.add(part.substring(3));
            }
        }
        return values;
    }

    static String hmac(String secret, long t, byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            mac.update((t + ".").getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(mac.doFinal(body));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** The instance this class shares with another ({@link IsolatedInstance}) is not needed by this class any more. */
    @AfterAll
    static void releaseIsolatedInstance() throws Exception {
        IsolatedInstance.release("Webhooks");
    }

    // ---- management ----

    @Test
    void theSecretIsAnsweredOnceAtCreationAndNeverAgain() {
        OffsetDateTime from = OffsetDateTime.now(ZoneOffset.UTC).minusSeconds(5);
        UUID company = aCompany();
        UUID project = aProject(company);
        Response r = asRoot().body(endpointBody(project, "https://hooks.example.com/payments",
                List.of("transaction.authorized", "chargeback.opened"))).post(ENDPOINTS);
        UUID id = created(r);
        String secret = JsonBody.of(r).getString("secret");
        assertTrue(secret.matches("whsec_[A-Za-z0-9_-]{43}"), secret);
        assertTrue(r.getHeader("Location").endsWith(ENDPOINTS + "/" + id), r.getHeader("Location"));

        JsonBody entry = ok(asRoot().get(ENDPOINTS + "/" + id));
        assertEquals(id.toString(), entry.getString("entry.id"));
        assertEquals(project.toString(), entry.getString("entry.companyProjectId"));
        assertEquals("https://hooks.example.com/payments", entry.getString("entry.url"));
        assertEquals(List.of("transaction.authorized", "chargeback.opened"), entry.getList("entry.enabledEvents"));
        assertEquals("orders system", entry.getString("entry.description"));
        assertEquals(Boolean.TRUE, entry.get("entry.isActive"), "isActive defaults to true");
        assertNotNull(OffsetDateTime.parse(entry.getString("entry.createdDate")));
        Map<String, Object> fields = entry.getMap("entry");
        assertFalse(fields.containsKey("secret"), fields.toString());

        Response list = asRoot().queryParam("CompanyProjectId", project).get(ENDPOINTS);
        assertEquals(List.of(id.toString()), ok(list).getList("entries.id"));
        Response audit = Api.auditOf(company, from);
        assertTrue(Api.audited(ok(audit).getList("entries"), "WebhookEndpointCreated", id), audit.asString());
        for (Response answer : List.of(asRoot().get(ENDPOINTS + "/" + id), list, audit,
                asRoot().get(ENDPOINTS), asRoot().get(ENDPOINTS + "/" + id + "/deliveries"))) {
            String text = answer.asString();
            assertFalse(text.contains(secret) || text.contains(secret.substring(6)) || text.contains("whsec_"), text);
        }
    }

    @Test
    void invalidEndpointsAre400AndStoreNothing() {
        UUID project = aProject(aCompany());
        String url = "https://hooks.example.com/x";
        List<Map<String, Object>> bad = new ArrayList<>();
        bad.add(body("companyProjectId", project, "enabledEvents", List.of("*")));
        bad.add(endpointBody(project, "", List.of("*")));
        bad.add(endpointBody(project, "/relative/hook", List.of("*")));
        bad.add(endpointBody(project, "hooks.example.com/x", List.of("*")));
        bad.add(endpointBody(project, "ftp://hooks.example.com/x", List.of("*")));
        bad.add(endpointBody(project, "file:///etc/passwd", List.of("*")));
        bad.add(endpointBody(project, "https://hooks.example.com/" + "a".repeat(2030), List.of("*")));
        bad.add(endpointBody(project, "http://exa mple.com/", List.of("*")));
        bad.add(body("companyProjectId", project, "url", url));
        bad.add(endpointBody(project, url, List.of()));
        bad.add(endpointBody(project, url, List.of("transaction.exploded")));
        bad.add(endpointBody(project, url, List.of("*", "transaction.captured")));
        bad.add(body("companyProjectId", project, "url", url, "enabledEvents", "*"));
        bad.add(body("companyProjectId", project, "url", 42, "enabledEvents", List.of("*")));
        bad.add(body("companyProjectId", project, "url", url, "enabledEvents", List.of(List.of("*"))));
        bad.add(body("companyProjectId", project, "url", url, "enabledEvents", List.of("*"), "isActive", "maybe"));
        bad.add(body("companyProjectId", project, "url", url, "enabledEvents", List.of("*"), "description", "d".repeat(1001)));
        bad.add(body("companyProjectId", "not-a-guid", "url", url, "enabledEvents", List.of("*")));
        for (Map<String, Object> b : bad) {
            refused(asRoot().body(b).post(ENDPOINTS), 400);
        }
        refused(asRoot().body("[1,2]").post(ENDPOINTS), 400);
        refused(asRoot().body("{\"url\":").post(ENDPOINTS), 400);
        refused(asRoot().body(endpointBody(UUID.randomUUID(), url, List.of("*"))).post(ENDPOINTS), 404);
        assertEquals(List.of(), ok(asRoot().queryParam("CompanyProjectId", project).get(ENDPOINTS)).getList("entries"));
        String longest = "https://hooks.example.com/" + "a".repeat(2048 - "https://hooks.example.com/".length());
        Endpoint ok = anEndpoint(project, longest, "*");
        assertEquals(longest, ok(asRoot().get(ok.path())).getString("entry.url"));
        refused(asRoot().queryParam("CompanyProjectId", project).queryParam("limit", 0).get(ENDPOINTS), 400);
        refused(asRoot().queryParam("CompanyProjectId", "nope").get(ENDPOINTS), 400);
        refused(asRoot().get(ENDPOINTS + "/not-a-guid"), 400);
        refused(asRoot().queryParam("limit", 1001).get(ok.path() + "/deliveries"), 400);
    }

    /** The settings of {@link #anInstanceWithTheDefaultSettingRefusesPrivateTargets}: the default, no delivery. */
    static Map<String, String> guardedSettings() {
        return new HashMap<>(Map.of("payments.webhooks.allow-private-targets", "false",
                "payments.webhooks.poll-ms", "86400000"));
    }

    /**
     * The scenario of HardenedInstanceScenarios' instance (started with {@link #guardedSettings()}).
     * With {@code payments.webhooks.allow-private-targets} at its default (false), an instance of its own refuses
     * targets on this machine or a private network, by address or by a name that resolves there, at creation and at
     * update, and takes a public one. (The instances of the other tests allow private targets: their receivers run
     * here. Its delivery worker never runs: the refusal before each attempt is {@code TargetGuardTest}'s.)
     */
    static void anInstanceWithTheDefaultSettingRefusesPrivateTargets(ExtraInstance instance) throws Exception {
        UUID project = aProject(aCompany());
        String uri = instance.baseUri();
        RequestSpecification root = RestAssured.given().baseUri(uri)
                .contentType(ContentType.JSON).auth().oauth2(Api.rootToken());
        // One answer for a private target and for a name that does not resolve: no DNS oracle.
        Set<String> answers = new HashSet<>();
        for (String url : List.of("http://127.0.0.1:8080/hook", "http://localhost/hook", "http://[::1]/hook",
                "http://10.1.2.3/hook", "http://192.168.0.10/hook", "http://172.16.5.4/hook",
                "http://169.254.169.254/latest/meta-data", "http://0.0.0.0/hook", "http://[fd00::1]/hook",
                "http://100.64.0.1/hook", "http://no-such-host.invalid/hook", "https://unresolvable.invalid/x")) {
            Response refusal = root.body(endpointBody(project, url, List.of("*"))).post(ENDPOINTS);
            JsonBody error = refused(refusal, 400);
            assertTrue(error.getString("errorMessage").contains("private"), refusal.asString());
            answers.add(refusal.statusCode() + " " + error.getString("code") + " " + error.getString("errorMessage"));
        }
        assertEquals(1, answers.size(), "the same status and message for each: " + answers);
        assertEquals(List.of(), ok(asRoot().queryParam("CompanyProjectId", project).get(ENDPOINTS))
                .getList("entries"), "nothing stored");
        Endpoint endpoint = anEndpoint(project, "https://93.184.215.14/hooks", "*"); // made where private is allowed
        refused(RestAssured.given().baseUri(uri).contentType(ContentType.JSON)
                .auth().oauth2(Api.rootToken()).body(Map.of("url", "http://127.0.0.1:9/hook")).put(endpoint.path()), 400);
        assertEquals("https://93.184.215.14/hooks", ok(asRoot().get(endpoint.path())).getString("entry.url"));
        Response publicTarget = RestAssured.given().baseUri(uri)
                .contentType(ContentType.JSON).auth().oauth2(Api.rootToken())
                .body(endpointBody(project, "https://93.184.215.15/hooks", List.of("*"))).post(ENDPOINTS);
        deleteQuietly(new Endpoint(created(publicTarget), null));
        deleteQuietly(endpoint);
    }

    @Test
    void updateAndDeleteChangeOnlyWhatIsGivenAndAreAudited() {
        OffsetDateTime from = OffsetDateTime.now(ZoneOffset.UTC).minusSeconds(5);
        UUID company = aCompany();
        UUID project = aProject(company);
        Endpoint endpoint = anEndpoint(project, "https://hooks.example.com/a", "transaction.authorized");
        String admin = anAdminOf(company).token();
        ok(as(admin).body(body("id", endpoint.id(), "url", "https://hooks.example.com/b", "isActive", false))
                .put(endpoint.path()));
        JsonBody entry = ok(as(admin).get(endpoint.path()));
        assertEquals("https://hooks.example.com/b", entry.getString("entry.url"));
        assertEquals(List.of("transaction.authorized"), entry.getList("entry.enabledEvents"), "left out: kept");
        assertEquals("orders system", entry.getString("entry.description"));
        assertEquals(Boolean.FALSE, entry.get("entry.isActive"));
        ok(as(admin).body(body("enabledEvents", List.of("*"), "isActive", true)).put(endpoint.path()));
        assertEquals(List.of("*"), ok(as(admin).get(endpoint.path())).getList("entry.enabledEvents"));

        refused(as(admin).body(body("id", UUID.randomUUID(), "url", "https://hooks.example.com/c")).put(endpoint.path()), 400);
        refused(as(admin).body(body("companyProjectId", aProject(company))).put(endpoint.path()), 400);
        refused(as(admin).body(body("url", "gopher://hooks.example.com/")).put(endpoint.path()), 400);
        refused(as(admin).body(body("enabledEvents", List.of("nope"))).put(endpoint.path()), 400);
        refused(as(admin).body(body("url", "https://hooks.example.com/b")).put(ENDPOINTS + "/" + UUID.randomUUID()), 404);
        assertEquals("https://hooks.example.com/b", ok(as(admin).get(endpoint.path())).getString("entry.url"));

        ok(as(admin).delete(endpoint.path()));
        refused(as(admin).get(endpoint.path()), 404);
        refused(as(admin).delete(endpoint.path()), 404);
        List<Map<String, Object>> audit = Api.auditEventsOf(company, from);
        assertTrue(Api.audited(audit, "WebhookEndpointUpdated", endpoint.id()), audit.toString());
        assertTrue(Api.audited(audit, "WebhookEndpointDeleted", endpoint.id()), audit.toString());
    }

    @Test
    void companyAdminsManageTheirOwnUsersAre403OtherTenantsSee404() {
        UUID company = aCompany();
        UUID project = aProject(company);
        String admin = anAdminOf(company).token();
        String user = aMember(company, "User").token();
        String stranger = anAdminOf(aCompany()).token();

        Response r = as(admin).body(endpointBody(project, "https://hooks.example.com/own", List.of("*"))).post(ENDPOINTS);
        Endpoint own = new Endpoint(created(r), JsonBody.of(r).getString("secret"));
        assertEquals(List.of(own.id().toString()), ok(as(admin).get(ENDPOINTS)).getList("entries.id"),
                "a company Admin's list holds the endpoints of the companies administered");
        ok(as(admin).get(own.path()));
        assertTrue(ok(as(admin).post(own.path() + "/secretRotation")).getString("secret").startsWith("whsec_"));

        String[][] calls = {{"POST", ENDPOINTS}, {"GET", ENDPOINTS}, {"GET", own.path()}, {"PUT", own.path()},
            {"DELETE", own.path()}, {"POST", own.path() + "/secretRotation"}, {"GET", own.path() + "/deliveries"},
            {"POST", own.path() + "/deliveries/" + UUID.randomUUID() + "/retry"}};
        Map<String, Object> update = body("description", "taken over");
        for (String[] call : calls) {
            Map<String, Object> b = call[0].equals("POST") && call[1].equals(ENDPOINTS)
                    ? endpointBody(project, "https://hooks.example.com/user", List.of("*")) : update;
            refused(send(as(user), call, b), 403);
            boolean create = call[1].equals(ENDPOINTS) && call[0].equals("POST");
            boolean list = call[1].equals(ENDPOINTS) && call[0].equals("GET");
            if (list) {
                assertEquals(List.of(), ok(as(stranger).get(ENDPOINTS)).getList("entries"), "another tenant's list");
                refused(as(stranger).queryParam("CompanyProjectId", project).get(ENDPOINTS), 404);
            } else {
                refused(send(as(stranger), call, b), 404);
            }
            if (create || list) {
                refused(as(user).queryParam("CompanyProjectId", project).get(ENDPOINTS), 403);
            }
        }
        assertEquals("orders system", ok(as(admin).get(own.path())).getString("entry.description"), "nothing changed");
        // ids before bodies: the same invalid body is 404 for another tenant, 400 for the endpoint's own Admin
        refused(as(stranger).body(body("url", "ftp://hooks.example.com/", "enabledEvents", List.of("nope"))).put(own.path()), 404);
        refused(as(admin).body(body("url", "ftp://hooks.example.com/", "enabledEvents", List.of("nope"))).put(own.path()), 400);
    }

    /** The call with the body where it takes one (create, update), else without. */
    static Response send(RequestSpecification request, String[] call, Map<String, Object> body) {
        boolean takesBody = call[0].equals("PUT") || (call[0].equals("POST") && call[1].equals(ENDPOINTS));
        return (takesBody ? request.body(body) : request).request(call[0], call[1]);
    }

    @Test
    void rotationAnswersANewSecretAndIsAudited() {
        OffsetDateTime from = OffsetDateTime.now(ZoneOffset.UTC).minusSeconds(5);
        UUID company = aCompany();
        Endpoint endpoint = anEndpoint(aProject(company), "https://hooks.example.com/r", "*");
        String first = ok(asRoot().post(endpoint.path() + "/secretRotation")).getString("secret");
        String second = ok(asRoot().post(endpoint.path() + "/secretRotation")).getString("secret");
        assertTrue(first.startsWith("whsec_") && second.startsWith("whsec_"));
        assertNotEquals(endpoint.secret(), first);
        assertNotEquals(first, second);
        refused(asRoot().post(ENDPOINTS + "/" + UUID.randomUUID() + "/secretRotation"), 404);
        Response audit = Api.auditOf(company, from);
        assertEquals(2, ok(audit).getList("entries").stream().filter(e -> "WebhookEndpointSecretRotated".equals(
                ((Map<?, ?>) e).get("action"))).count(), audit.asString());
        assertFalse(audit.asString().contains(first) || audit.asString().contains(second));
    }

    @Test
    void aRetryOfAnEventNeverMeantForTheEndpointIs404() {
        Endpoint endpoint = anEndpoint(aProject(aCompany()), "https://hooks.example.com/n", "*");
        refused(asRoot().post(endpoint.path() + "/deliveries/" + UUID.randomUUID() + "/retry"), 404);
        refused(asRoot().post(endpoint.path() + "/deliveries/not-a-guid/retry"), 400);
        refused(asRoot().post(ENDPOINTS + "/" + UUID.randomUUID() + "/deliveries/" + UUID.randomUUID() + "/retry"), 404);
    }

    // ---- deliveries (the outbox's events) ----

    /** The request for the transaction's event of this type, once it came; fails after DELIVERY. */
    static Receiver.Request awaitEvent(Receiver receiver, UUID transactionId, String type) {
        Receiver.await(DELIVERY, type + " of " + transactionId + " delivered", () -> eventOf(receiver, transactionId, type) != null);
        return eventOf(receiver, transactionId, type);
    }

    static Receiver.Request eventOf(Receiver receiver, UUID transactionId, String type) {
        return receiver.requests().stream()
                .filter(r -> type.equals(r.eventType()) && r.text().contains(transactionId.toString()))
                .findFirst().orElse(null);
    }

    @Test
    void anAuthorizationsEventArrivesOnceSignedAndAsTheLogSays() throws Exception {
        Cards.Shop shop = Cards.aShop();
        try (Receiver receiver = Receiver.start()) {
            Endpoint endpoint = anEndpoint(shop.projectId(), receiver.url(), "transaction.authorized");
            try {
                UUID transaction = Api.created(shop.authorize(shop.aToken(CARD), "12.34", false));
                Receiver.Request request = awaitEvent(receiver, transaction, "transaction.authorized");
                assertEquals("application/json", request.contentType());
                assertTrue(signedWith(request, endpoint.secret()), request.signature());
                assertEquals(1, v1s(request).size(), "no rotation: one signature");
                assertTrue(Math.abs(timestamp(request) - request.at().getEpochSecond()) < 30, request.signature());
                JsonBody event = JsonBody.of(request.text());
                assertEquals(request.eventId(), event.getString("id"));
                assertEquals("transaction.authorized", event.getString("type"));
                assertEquals(shop.projectId().toString(), event.getString("companyProjectId"));
                assertNotNull(OffsetDateTime.parse(event.getString("createdDate")));
                assertTrue(event.getMap("data").toString().contains(transaction.toString()), request.text());
                // the events API has the same event
                JsonBody byId = ok(shop.pay().get("/api/pay/" + shop.projectId() + "/events/" + request.eventId()));
                assertEquals(event.getMap(""), byId.getMap("entry"));

                Receiver.await(Duration.ofSeconds(20), "the attempt logged", () -> log(endpoint, request.eventId()).size() == 1);
                settled(endpoint); // a second instance or a second round would have sent it again by now
                assertEquals(1, receiver.requestsFor(request.eventId()).size(), "delivered once");
                List<Map<String, Object>> log = log(endpoint, request.eventId());
                assertEquals(1, log.size(), log.toString());
                assertEquals("transaction.authorized", log.get(0).get("eventType"));
                assertEquals(200, log.get(0).get("httpStatus"));
                assertNull(log.get(0).get("error"));
                assertTrue(((Number) log.get(0).get("durationMs")).longValue() >= 0);
                assertNotNull(OffsetDateTime.parse((String) log.get(0).get("attemptedDate")));
                assertTrue(receiver.requests().stream().noneMatch(r -> !"transaction.authorized".equals(r.eventType())),
                        "only the enabled type");
            } finally {
                deleteQuietly(endpoint);
            }
        }
    }

    /**
     * Every event type of section 10, made for one project: each reaches its endpoint once, signed so that the HMAC
     * computed here agrees, and exactly as the events API answers it.
     */
    @Test
    void everyTypeOfEventArrivesOnceSignedAndAsTheEventsApiHasIt() throws Exception {
        Cards.Shop shop = Cards.aShop();
        try (Receiver receiver = Receiver.start()) {
            Endpoint endpoint = anEndpoint(shop.projectId(), receiver.url(), "*");
            try {
                // transactions: authorized, captured, refunded, reversed, declined, failed, then settled and refund_settled
                UUID captured = shop.anAuthorization(CARD, "10.00", false);
                ok(shop.move(captured, "capture", Map.of("amount", new BigDecimal("4.00"))));
                ok(shop.move(captured, "refund", Map.of("amount", new BigDecimal("1.00"))));
                ok(shop.move(shop.anAuthorization(CARD, "3.00", false), "reverse", Map.of()));
                ok(shop.authorize(shop.aToken("4000000000000002"), "2.00", false));
                ok(shop.authorize(shop.aToken("4000000000000119"), "2.00", false));
                LongRuns.outcome(asRoot().post("/api/adm/settlements/run"));
                // pending: the processor's answer timed out; the reconciliation learns it was approved
                UnknownOutcomeScenarios.aPendingAuthorization(shop, UnknownOutcomeScenarios.TIMES_OUT_APPROVED);
                UnknownOutcomeScenarios.run();
                // chargebacks: opened, accepted, disputed, won, lost
                ok(shop.pay().post(ChargebackScenarios.path(shop, ChargebackScenarios.aChargeback(shop), "accept")));
                for (String outcome : List.of("Won", "Lost")) {
                    UUID chargeback = ChargebackScenarios.aChargeback(shop);
                    ok(shop.pay().body(Map.of("evidence", "signed receipt"))
                            .post(ChargebackScenarios.path(shop, chargeback, "dispute")));
                    ok(asRoot().body(Map.of("outcome", outcome))
                            .post(ChargebackScenarios.CHARGEBACKS + "/" + chargeback + "/resolve"));
                }
                // payment tokens: updated, disabled (the card updater)
                CardUpdaterScenarios.aToken(shop, CardUpdaterScenarios.REPLACED);
                CardUpdaterScenarios.aToken(shop, CardUpdaterScenarios.CLOSED);
                CardUpdaterScenarios.run(asRoot(), shop.companyId());
                // cardFile.completed: a card file of the project ends
                try (CardFileScenarios.Project files = new CardFileScenarios.Project(shop)) {
                    assertEquals("Succeeded", files.imported(files.encrypt(CardFileScenarios.HEADER + "\n"
                            + CardFileScenarios.row("w-1", CARD, 12, CardFileScenarios.YEAR) + "\n"))
                            .getString("entry.state"));
                    // the file key would outlive the expiring key below: it goes
                    ok(asRoot().body(Map.of("isActive", false)).put(ApiKeyScenarios.keyPath(files.fileKey)));
                }
                // api_key.expiring: the project's only working key stops in 10 days
                UUID soon = Api.created(asRoot().body(Map.of("companyProjectId", shop.projectId(),
                        "type", "TransactionRSAKey", "name", Api.unique("soon"), "expirationDate",
                        OffsetDateTime.now(ZoneOffset.UTC).plusDays(10).toString())).post("/api/adm/companyProjectKeys"));
                ok(asRoot().body(Map.of("id", shop.keyId(), "isActive", false)).put(ApiKeyScenarios.keyPath(shop.keyId())));
                ok(asRoot().post(EventScenarios.NOTICES));
                Cards.Shop bySoon = new Cards.Shop(shop.companyId(), shop.projectId(), soon,
                        PayAuthenticationScenarios.valueOf(soon));

                List<Map<String, Object>> events = EventScenarios.events(bySoon, Map.of("limit", 1000));
                assertEquals(new TreeSet<>(Topic.WIRE_NAMES),
                        events.stream().map(e -> (String) e.get("type")).collect(Collectors.toCollection(TreeSet::new)));
                Receiver.await(DELIVERY, "every event delivered", () -> events.stream()
                        .allMatch(e -> !receiver.requestsFor((String) e.get("id")).isEmpty()));
                settled(endpoint); // a second delivery of any of them would have come by now
                assertEquals(events.size(), receiver.requests().size(), "nothing else, nothing twice");
                for (Map<String, Object> event : events) {
                    List<Receiver.Request> arrived = receiver.requestsFor((String) event.get("id"));
                    assertEquals(1, arrived.size(), event.get("type") + " once");
                    Receiver.Request request = arrived.get(0);
                    assertEquals(event.get("type"), request.eventType(), "the type header");
                    assertTrue(signedWith(request, endpoint.secret()), event.get("type") + ": " + request.signature());
                    assertEquals(event, JsonBody.of(request.text()).exact().getMap(""), "as the events API has it");
                }
            } finally {
                deleteQuietly(endpoint);
            }
        }
    }

    @Test
    void aReceiverAnswering500GetsTheRetryAndTheLogMatchesWhatItSaw() throws Exception {
        Cards.Shop shop = Cards.aShop();
        try (Receiver receiver = Receiver.start(Receiver.Reply.status(500), Receiver.Reply.status(503))) {
            Endpoint endpoint = anEndpoint(shop.projectId(), receiver.url(), "*");
            try {
                UUID transaction = Api.created(shop.authorize(shop.aToken(CARD), "20.00", false));
                String eventId = awaitEvent(receiver, transaction, "transaction.authorized").eventId();
                Receiver.await(DELIVERY, "third attempt delivered", () -> receiver.requestsFor(eventId).size() >= 3
                        && log(endpoint, eventId).size() >= 3);
                List<Integer> seen = receiver.requestsFor(eventId).stream().map(Receiver.Request::answered).toList();
                assertEquals(List.of(500, 503, 200), seen);
                List<Map<String, Object>> log = log(endpoint, eventId);
                assertEquals(seen, log.stream().map(e -> (Integer) e.get("httpStatus")).toList(), log.toString());
                List<Receiver.Request> requests = receiver.requestsFor(eventId);
                for (int i = 1; i < requests.size(); i++) {
                    assertTrue(Duration.between(requests.get(i - 1).at(), requests.get(i).at()).toMillis() >= 700,
                            "retried after the schedule's 1 s (less jitter), not at once");
                    assertTrue(signedWith(requests.get(i), endpoint.secret()));
                }
                settled(endpoint);
                assertEquals(3, receiver.requestsFor(eventId).size(), "nothing after the 2xx");
            } finally {
                deleteQuietly(endpoint);
            }
        }
    }

    @Test
    void aSlowReceiverTimesOutAndIsRetried() throws Exception {
        Cards.Shop shop = Cards.aShop();
        try (Receiver receiver = Receiver.start(Receiver.Reply.slow(Duration.ofSeconds(5)))) {
            Endpoint endpoint = anEndpoint(shop.projectId(), receiver.url(), "transaction.authorized");
            try {
                UUID transaction = Api.created(shop.authorize(shop.aToken(CARD), "3.00", false));
                String eventId = awaitEvent(receiver, transaction, "transaction.authorized").eventId();
                Receiver.await(DELIVERY, "delivered after the timeout", () -> log(endpoint, eventId).stream()
                        .anyMatch(e -> Integer.valueOf(200).equals(e.get("httpStatus"))));
                List<Map<String, Object>> log = log(endpoint, eventId);
                assertEquals(2, log.size(), log.toString());
                assertNull(log.get(0).get("httpStatus"), "no answer in time: no status");
                assertTrue(((String) log.get(0).get("error")).contains("2000 ms"), log.toString());
                long duration = ((Number) log.get(0).get("durationMs")).longValue();
                assertTrue(duration >= 1900 && duration < 4500, "given up at the 2 s timeout: " + duration);
                assertEquals(200, log.get(1).get("httpStatus"));
                assertEquals(2, receiver.requestsFor(eventId).size());
            } finally {
                deleteQuietly(endpoint);
            }
        }
    }

    @Test
    void duringARotationBothSecretsSignAndAManualRetrySendsAgainNow() throws Exception {
        Cards.Shop shop = Cards.aShop();
        try (Receiver receiver = Receiver.start()) {
            Endpoint endpoint = anEndpoint(shop.projectId(), receiver.url(), "*");
            try {
                UUID first = Api.created(shop.authorize(shop.aToken(CARD), "1.00", false));
                Receiver.Request before = awaitEvent(receiver, first, "transaction.authorized");
                String rotated = ok(asRoot().post(endpoint.path() + "/secretRotation")).getString("secret");
                UUID second = Api.created(shop.authorize(shop.aToken(CARD), "2.00", false));
                Receiver.Request after = awaitEvent(receiver, second, "transaction.authorized");
                assertEquals(1, v1s(before).size());
                assertEquals(2, v1s(after).size(), after.signature());
                assertEquals(hmac(rotated, timestamp(after), after.body()), v1s(after).get(0), "the new secret first");
                assertEquals(hmac(endpoint.secret(), timestamp(after), after.body()), v1s(after).get(1));

                Receiver.await(Duration.ofSeconds(20), "first attempt logged", () -> log(endpoint, before.eventId()).size() == 1);
                Response retried = asRoot().post(endpoint.path() + "/deliveries/" + before.eventId() + "/retry");
                assertEquals(202, retried.statusCode(), retried.asString());
                assertTrue(JsonBody.of(retried).getBoolean("success"), retried.asString());
                Receiver.await(Duration.ofSeconds(20), "sent again", () -> receiver.requestsFor(before.eventId()).size() == 2);
                Receiver.await(Duration.ofSeconds(20), "the retry logged", () -> log(endpoint, before.eventId()).size() == 2);
                assertEquals(200, log(endpoint, before.eventId()).get(1).get("httpStatus"));
                List<Receiver.Request> requests = receiver.requestsFor(before.eventId());
                assertEquals(2, requests.size(), "sent again");
                assertEquals(before.text(), requests.get(1).text(), "the same event");
                assertTrue(signedWith(requests.get(1), rotated) && signedWith(requests.get(1), endpoint.secret()));
                assertEquals(2, log(endpoint, before.eventId()).size());
                settled(endpoint);
                assertEquals(2, receiver.requestsFor(before.eventId()).size(), "the schedule is unchanged: delivered");

                // an event of another project was never meant for this endpoint
                Cards.Shop other = Cards.aShop();
                try (Receiver otherReceiver = Receiver.start()) {
                    Endpoint otherEndpoint = anEndpoint(other.projectId(), otherReceiver.url(), "*");
                    try {
                        UUID foreign = Api.created(other.authorize(other.aToken(CARD), "4.00", false));
                        String foreignEvent = awaitEvent(otherReceiver, foreign, "transaction.authorized").eventId();
                        refused(asRoot().post(endpoint.path() + "/deliveries/" + foreignEvent + "/retry"), 404);
                    } finally {
                        deleteQuietly(otherEndpoint);
                    }
                }
            } finally {
                deleteQuietly(endpoint);
            }
        }
    }

    @Test
    void withTwoInstancesDeliveringEachEventArrivesAndNoAttemptIsMadeTwice() throws Exception {
        Cards.Shop shop = Cards.aShop();
        SecondInstance.baseUri();
        try (Receiver receiver = Receiver.start()) {
            Endpoint endpoint = anEndpoint(shop.projectId(), receiver.url(), "transaction.authorized",
                    "transaction.captured");
            try {
                List<UUID> transactions = Parallel.run(12, i -> Api.created((i % 2 == 0 ? shop.pay() : shop.paySecond())
                        .body(Map.of("paymentToken", shop.aToken(CARD), "amount", new BigDecimal("5.0" + (i % 10)),
                                "currency", "USD", "capture", i % 3 == 0))
                        .post(shop.transactions())));
                Receiver.await(DELIVERY, "every event delivered", () -> transactions.stream()
                        .allMatch(t -> eventOf(receiver, t, "transaction.authorized") != null
                                || eventOf(receiver, t, "transaction.captured") != null));
                settled(endpoint);
                Map<String, Long> perEvent = receiver.requests().stream()
                        .collect(Collectors.groupingBy(Receiver.Request::eventId, Collectors.counting()));
                assertTrue(perEvent.size() >= transactions.size(), perEvent.toString());
                assertTrue(perEvent.values().stream().allMatch(n -> n == 1), "each event arrived once: " + perEvent);
                Receiver.await(Duration.ofSeconds(20), "every attempt logged", () -> log(endpoint).size() == perEvent.size());
                Map<Object, Long> attempts = log(endpoint).stream()
                        .collect(Collectors.groupingBy(e -> e.get("eventId"), Collectors.counting()));
                assertEquals(perEvent.keySet(), attempts.keySet().stream().map(Object::toString).collect(Collectors.toSet()));
                assertTrue(attempts.values().stream().allMatch(n -> n == 1), "one attempt per event: " + attempts);
            } finally {
                deleteQuietly(endpoint);
            }
        }
    }

    @Test
    void noCardNumberCvvKeyOrSecretInAnyBodyHeaderOrLog() throws Exception {
        Cards.Shop shop = Cards.aShop();
        try (Receiver receiver = Receiver.start(Receiver.Reply.status(500))) {
            // everything through the second instance, whose server log this test reads
            Response made = Api.onSecondInstance(Api.rootToken())
                    .body(endpointBody(shop.projectId(), receiver.url(), List.of("*"))).post(ENDPOINTS);
            Endpoint endpoint = new Endpoint(created(made), JsonBody.of(made).getString("secret"));
            try {
                Response tokenized = shop.paySecond().body(Cards.body(CARD, CVV)).post(shop.tokens());
                Api.created(tokenized);
                UUID transaction = Api.created(shop.paySecond().body(Map.of("paymentToken",
                        JsonBody.of(tokenized).getString("paymentToken"), "amount", new BigDecimal("7.77"),
                        "currency", "USD", "capture", false)).post(shop.transactions()));
                awaitEvent(receiver, transaction, "transaction.authorized");
                Receiver.await(DELIVERY, "retried after the 500", () -> log(endpoint).size() >= 2);
                String rotated = ok(Api.onSecondInstance(Api.rootToken()).post(endpoint.path() + "/secretRotation"))
                        .getString("secret");
                List<String> secrets = List.of(CARD, shop.key(), endpoint.secret(), rotated,
                        endpoint.secret().substring(6), rotated.substring(6));
                StringBuilder seen = new StringBuilder();
                for (Receiver.Request r : receiver.requests()) {
                    seen.append(r.text()).append(r.headers()).append('\n');
                    assertFalse(r.text().contains("\"cvv\""), r.text());
                }
                seen.append(asRoot().queryParam("limit", 1000).get(endpoint.path() + "/deliveries").asString());
                seen.append(asRoot().get(endpoint.path()).asString());
                for (String secret : secrets) {
                    assertFalse(seen.toString().contains(secret), "leaked: " + secret.substring(0, 4) + "...");
                }
                String log = asRoot().queryParam("limit", 1000).get(endpoint.path() + "/deliveries").asString();
                // As a JSON value or field, not as three digits anywhere: an event id may contain them.
                assertFalse(log.contains("\"" + CVV + "\"") || log.toLowerCase(Locale.ROOT).contains("cvv"), log);
                String dump = DatabaseDump.all();
                for (String secret : secrets) {
                    assertFalse(dump.contains(secret), "stored in clear: " + secret.substring(0, 4) + "...");
                }
                String serverLog = Files.readString(SecondInstance.log(), StandardCharsets.ISO_8859_1);
                assertTrue(serverLog.contains("Webhook delivery worker started"), "the log read is the instance's");
                for (String secret : secrets) {
                    assertFalse(serverLog.contains(secret), "in the server log: " + secret.substring(0, 4) + "...");
                }
                assertFalse(serverLog.contains("\"cvv\"") || serverLog.contains("cvv="), "a CVV in the server log");
            } finally {
                deleteQuietly(endpoint);
            }
        }
    }

    // ---- abuse and availability ----

    /**
     * A manual retry to a target that never answers (the receiver takes the request and answers only long after the
     * 2 s timeout) is queued: it answers 202 well within the timeout (bound: 1500 ms, below the 2000 ms an attempt
     * takes to give up, which is what a retry that waits for its send would need at least), the attempt is then made
     * and logged, and retries asked at once queue a single delivery.
     */
    @Test
    void aManualRetryAnswers202AtOnceWhileTheTargetNeverAnswersAndRetriesAskedTogetherQueueOne() throws Exception {
        Cards.Shop shop = Cards.aShop();
        try (Receiver receiver = Receiver.start(Receiver.Reply.status(200), Receiver.Reply.slow(Duration.ofSeconds(30)),
                Receiver.Reply.slow(Duration.ofSeconds(30)))) {
            Endpoint endpoint = anEndpoint(shop.projectId(), receiver.url(), "transaction.authorized");
            try {
                UUID transaction = Api.created(shop.authorize(shop.aToken(CARD), "6.00", false));
                String eventId = awaitEvent(receiver, transaction, "transaction.authorized").eventId();
                Receiver.await(Duration.ofSeconds(20), "delivered and logged", () -> log(endpoint, eventId).size() == 1);
                // from here on the receiver never answers in time
                String root = Api.rootToken(); // signed in before, so the time measured is the retry's alone
                List<Long> answeredIn = Parallel.run(4, i -> {
                    RequestSpecification request = as(root);
                    long started = System.nanoTime();
                    Response r = request.post(endpoint.path() + "/deliveries/" + eventId + "/retry");
                    long millis = (System.nanoTime() - started) / 1_000_000;
                    assertEquals(202, r.statusCode(), r.asString());
                    return millis;
                });
                for (long millis : answeredIn) {
                    assertTrue(millis < 1500, "answered without waiting for the send: " + answeredIn);
                }
                Receiver.await(Duration.ofSeconds(20), "the retry sent", () -> receiver.requestsFor(eventId).size() == 2);
                Receiver.await(Duration.ofSeconds(20), "the retry's attempt logged", () -> log(endpoint, eventId).size() == 2);
                Map<String, Object> attempt = log(endpoint, eventId).get(1);
                assertNull(attempt.get("httpStatus"), attempt.toString());
                assertTrue(((String) attempt.get("error")).contains(TIMEOUT_MS + " ms"), attempt.toString());
                settled(endpoint); // a second queued retry would have been sent by now
                assertEquals(2, receiver.requestsFor(eventId).size(), "four retries at once: one delivery");
                assertEquals(2, log(endpoint, eventId).size());
            } finally {
                deleteQuietly(endpoint);
            }
        }
    }

    /**
     * The cap holds under parallel creates on two instances: with 14 endpoints, six creates at once (three on each
     * instance) make exactly two more; the project's row lock serializes the count.
     */
    @Test
    void parallelCreatesOnTwoInstancesNeverPassTheEndpointCap() throws Exception {
        Cards.Shop shop = Cards.aShop();
        List<Endpoint> endpoints = new ArrayList<>();
        try (Receiver receiver = Receiver.start()) {
            try {
                for (int i = 0; i < 14; i++) {
                    endpoints.add(anEndpoint(shop.projectId(), receiver.url(), "transaction.authorized"));
                }
                String token = Api.rootToken();
                List<Response> answers = Parallel.run(6, i -> (i % 2 == 0 ? Api.as(token) : Api.onSecondInstance(token))
                        .body(endpointBody(shop.projectId(), receiver.url(), List.of("*"))).post(ENDPOINTS));
                long made = answers.stream().filter(r -> r.statusCode() == 201).count();
                long refused = answers.stream().filter(r -> r.statusCode() == 400).count();
                answers.stream().filter(r -> r.statusCode() == 201)
                        .forEach(r -> endpoints.add(new Endpoint(created(r), null)));
                assertEquals(2, made, "creates past 14 endpoints at once");
                assertEquals(4, refused, "the others refused naming the cap");
                assertEquals(16, ok(asRoot().queryParam("CompanyProjectId", shop.projectId()).get(ENDPOINTS))
                        .getList("entries").size());
            } finally {
                endpoints.forEach(WebhookScenarios::deleteQuietly);
            }
        }
    }

    /**
     * One project with the most endpoints allowed (16; the 17th is refused naming the setting), all on a target that
     * accepts connections and never answers, and a backlog of their deliveries: another project's deliveries still
     * arrive within its normal lag. Bound, from the settings of the instance under test: each of five deliveries of
     * the other project arrives within 2 rounds (2 x poll-ms = 600 ms) plus 1200 ms for the machine, 1800 ms in all,
     * less than the 2000 ms one never-answered attempt takes, which a round that waited for its slowest send (or a
     * queue by due time alone, behind the backlog) would add at least.
     */
    @Test
    void aProjectWhoseSixteenEndpointsNeverAnswerDoesNotDelayAnotherProjectsDeliveries() throws Exception {
        Cards.Shop slow = Cards.aShop();
        Cards.Shop other = Cards.aShop();
        long bound = 2 * POLL_MS + 1200;
        List<Endpoint> endpoints = new ArrayList<>();
        try (Receiver.BlackHole hole = new Receiver.BlackHole(); Receiver receiver = Receiver.start()) {
            try {
                for (int i = 0; i < 16; i++) {
                    endpoints.add(anEndpoint(slow.projectId(), hole.url("/hooks/" + i), "transaction.authorized"));
                }
                Response seventeenth = asRoot().body(endpointBody(slow.projectId(), hole.url("/hooks/16"),
                        List.of("*"))).post(ENDPOINTS);
                String limit = refused(seventeenth, 400).getString("errorMessage");
                assertTrue(limit.contains("16") && limit.contains("payments.webhooks.max-endpoints-per-project"), limit);
                assertEquals(16, ok(asRoot().queryParam("CompanyProjectId", slow.projectId()).get(ENDPOINTS))
                        .getList("entries").size());
                for (int i = 0; i < 4; i++) { // 64 deliveries that each take the whole timeout, retried every second
                    Api.created(slow.authorize(slow.aToken(CARD), "1.0" + i, false));
                }
                Receiver.await(Duration.ofSeconds(30), "the black hole busy", () -> hole.accepted() >= 2);
                endpoints.add(anEndpoint(other.projectId(), receiver.url(), "transaction.authorized"));
                List<Long> lags = new ArrayList<>();
                for (int i = 0; i < 5; i++) {
                    UUID transaction = Api.created(other.authorize(other.aToken(CARD), "2.0" + i, false));
                    Instant made = Instant.now();
                    Receiver.Request request = awaitEvent(receiver, transaction, "transaction.authorized");
                    lags.add(Math.max(0, Duration.between(made, request.at()).toMillis()));
                }
                assertTrue(hole.accepted() >= 4, "the slow project's attempts ran meanwhile: " + hole.accepted());
                for (long lag : lags) {
                    assertTrue(lag < bound, "another project's deliveries within " + bound + " ms: " + lags);
                }
            } finally {
                endpoints.forEach(WebhookScenarios::deleteQuietly);
            }
        }
    }

    /**
     * Fairness by company: company A has 8 projects, each with 8 endpoints on a target that accepts connections and
     * never answers, and a backlog of 128 deliveries; company B's delivery still arrives within 3 s. On an instance with
     * a database of its own ({@link IsolatedInstance}: no other instance claims anything) and an attempt timeout of 60 s (so
     * no slot A holds frees during the test), the caps at their defaults: 64 slots, 8 a project, 16 a company. Without
     * the company cap, A's 8 projects would hold all 64 slots for the whole minute and B's delivery would wait for them.
     */
    @Test
    void aCompanyWhoseEightProjectsNeverAnswerHoldsSixteenSlotsAndAnotherCompanysDeliveryArrivesWithinThreeSeconds()
            throws Exception {
        ExtraInstance instance = IsolatedInstance.instance();
        try (Receiver.BlackHole hole = new Receiver.BlackHole(); Receiver receiver = Receiver.start()) {
            Tenancy tenancy = new Tenancy(instance.baseUri());
            Tenancy.Shop b = tenancy.aShop(tenancy.aCompany());
            tenancy.anEndpoint(b.projectId(), receiver.url());
            UUID a = tenancy.aCompany();
            List<Tenancy.Shop> shops = Parallel.run(8, p -> { // the 8 projects made at once, each with its endpoints
                Tenancy.Shop shop = tenancy.aShop(a);
                for (int e = 0; e < 8; e++) {
                    tenancy.anEndpoint(shop.projectId(), hole.url("/hooks/" + p + "/" + e));
                }
                return shop;
            });
            for (int round = 0; round < 2; round++) { // 8 projects x 8 endpoints x 2 events: 128 deliveries
                String amount = "1.0" + round;
                Parallel.run(8, p -> tenancy.anAuthorization(shops.get(p), amount));
            }
            Receiver.await(Duration.ofSeconds(30), "company A's attempts hanging", () -> hole.accepted() >= 16);
            twoMoreRounds(List.of(instance.baseUri())); // a round that would fill every free slot, if the cap let A have them
            assertEquals(16, hole.accepted(), "company A holds its 16 slots, no more, though its 8 projects could "
                    + "hold 8 each");

            tenancy.anAuthorization(b, "2.00");
            Instant made = Instant.now();
            Receiver.await(Duration.ofSeconds(30), "company B's delivery", () -> !receiver.requests().isEmpty());
            long lag = Duration.between(made, receiver.requests().get(0).at()).toMillis();
            assertTrue(lag < 3000, "company B's delivery within 3 s, not behind company A's hanging ones: " + lag + " ms");
            assertEquals(16, hole.accepted(), "company A still at its cap");
        }
    }

    /** Tenants, keys, processors and endpoints made through the API of an instance of its own, as its root. */
    static final class Tenancy {

        record Shop(UUID projectId, String key) {
        }

        private final String baseUri;
        private final String root;

        Tenancy(String baseUri) {
            this.baseUri = baseUri;
            Response token = RestAssured.given().baseUri(baseUri)
                    .contentType(ContentType.URLENC).formParams(Map.of("grant_type", "password",
                            "username", Api.ROOT_EMAIL, "password", Api.ROOT_PASSWORD)).post("/api/auth/token");
            assertEquals(200, token.statusCode(), token.asString());
            root = JsonBody.of(token).getString("access_token");
        }

        RequestSpecification asRoot() {
            return RestAssured.given().baseUri(baseUri).contentType(ContentType.JSON)
                    .accept(ContentType.JSON).auth().oauth2(root);
        }

        RequestSpecification pay(Shop shop) {
            return RestAssured.given().baseUri(baseUri).contentType(ContentType.JSON)
                    .accept(ContentType.JSON).header("X-API-Key", shop.key());
        }

        UUID aCompany() {
            return created(asRoot().body(Map.of("companyName", Api.unique("Co"))).post("/api/adm/companies"));
        }

        /** A project of the company with its first key's value and a simulator processor. */
        Shop aShop(UUID company) {
            UUID project = created(asRoot().body(Map.of("companyId", company, "projectName", Api.unique("Proj")))
                    .post(Api.PROJECTS));
            List<Map<String, Object>> keys = ok(asRoot().queryParam("CompanyProjectId", project).get(Api.KEYS))
                    .getList("entries");
            String key = ok(asRoot().queryParam("keyId", keys.get(0).get("id")).get(Api.KEYS + "/actual"))
                    .getString("entry.keyValue");
            created(asRoot().body(Map.of("companyProjectId", project, "projectPaymentProcessorName", Api.unique("Sim"),
                    "gateway", 1, "paymentType", 1, "isActive", true, "settings", Map.of("simulatorLatencyMs", 0)))
                    .post(Api.PROCESSORS));
            return new Shop(project, key);
        }

        void anEndpoint(UUID project, String url) {
            created(asRoot().body(endpointBody(project, url, List.of("transaction.authorized"))).post(ENDPOINTS));
        }

        UUID anAuthorization(Shop shop, String amount) {
            Response token = pay(shop).body(Cards.body(CARD, "123"))
                    .post("/api/pay/" + shop.projectId() + "/companyProjectCreditCardPaymentsInfo");
            created(token);
            return created(pay(shop).body(Map.of("paymentToken", JsonBody.of(token).getString("paymentToken"),
                    "amount", new BigDecimal(amount), "currency", "USD", "capture", false))
                    .post("/api/pay/" + shop.projectId() + "/transactions"));
        }
    }
}
