package com.paycore.it;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import io.restassured.response.Response;

/**
 * /metrics in Prometheus text: the figures move when work is done (requests per operation and status class, their
 * latency, job runs, the database pool's connections), and no tag value carries an id or card data. The platform-wide
 * business figures (transactions by status, declines, tokenizations...) are not in the open /metrics: they are at
 * /business-metrics, for a scrape with the configured credential (payments.metrics.scrape-secret, given to the
 * instance under test in it.server.options) only; a missing or wrong credential is 401.
 */
abstract class MetricsScenarios {

    static final Pattern SAMPLE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{(.*)\\})? (\\S+)$");

    /** The payments_* samples of the open /metrics, keyed by name and sorted tags without mp_scope. */
    static Map<String, Double> scrape() {
        return scrape(Deployments.baseUri());
    }

    /** The figures at {@code /metrics} of the instance at {@code baseUri}. */
    static Map<String, Double> scrape(String baseUri) {
        return samples(given().baseUri(baseUri).accept("text/plain").get("/metrics")
                .then().statusCode(200).extract().asString());
    }

    /** The scrape credential the instance under test is given (it.server.options in pom.xml). */
    static String scrapeSecret() {
        Matcher secret = Pattern.compile("-Dpayments\\.metrics\\.scrape-secret=(\\S+)")
                .matcher(System.getProperty("payments.it.server.options", ""));
        if (!secret.find()) {
            throw new AssertionError("it.server.options sets no payments.metrics.scrape-secret");
        }
        return secret.group(1);
    }

    /** The business figures at /business-metrics, scraped with the configured bearer credential. */
    static Map<String, Double> businessScrape() {
        return samples(given().baseUri(Deployments.baseUri()).header("Authorization", "Bearer " + scrapeSecret())
                .get("/business-metrics").then().statusCode(200).extract().asString());
    }

    static Map<String, Double> samples(String text) {
        Map<String, Double> samples = new HashMap<>();
        for (String line : text.split("\n")) {
            Matcher m = SAMPLE.matcher(line.trim());
            if (line.startsWith("payments_") && m.matches()) {
                List<String> tags = new ArrayList<>();
                if (m.group(3) != null) {
                    for (String tag : m.group(3).split(",(?=[a-zA-Z_]+=\")")) {
                        if (!tag.startsWith("mp_scope=")) {
                            tags.add(tag);
                        }
                    }
                }
                tags.sort(null);
                samples.put(m.group(1) + tags, Double.valueOf(m.group(4)));
            }
        }
        return samples;
    }

    static double value(Map<String, Double> samples, String key) {
        return samples.getOrDefault(key, 0.0);
    }

    /**
     * Business figures are read from the database at most every second here (pom.xml): waits until the predicate holds
     * (20 s at most).
     */
    static Map<String, Double> eventually(Predicate<Map<String, Double>> holds) throws InterruptedException {
        Map<String, Double> samples = businessScrape();
        for (int i = 0; i < 40 && !holds.test(samples); i++) {
            Thread.sleep(500);
            samples = businessScrape();
        }
        return samples;
    }

    static final List<String> BUSINESS = List.of("payments_transactions", "payments_transaction_events",
            "payments_payment_tokens", "payments_settlement_oldest_unsettled_capture_age_seconds",
            "payments_report_sync_last_run_age_seconds", "payments_chargebacks_pending",
            "payments_chargebacks_pending_due_soon", "payments_webhook_deliveries");

    private static boolean business(String sampleKey) {
        String name = sampleKey.substring(0, sampleKey.indexOf('['));
        return BUSINESS.contains(name);
    }

    @Test
    void businessFiguresNeedTheScrapeCredential() {
        Cards.aShop().anAuthorization("4111111111111111", "5.00", false);
        Map<String, Double> open = scrape();
        assertTrue(open.keySet().stream().noneMatch(MetricsScenarios::business),
                "business figures in the open /metrics: " + open.keySet());
        assertTrue(open.containsKey("payments_db_pool_connections_max[]"), "the open /metrics stays: " + open.keySet());
        Map<String, Double> scraped = businessScrape();
        assertTrue(scraped.containsKey("payments_payment_tokens[]"), scraped.toString());
        assertTrue(scraped.containsKey("payments_chargebacks_pending[]"), scraped.toString());
        assertTrue(value(scraped, "payments_transactions[status=\"Approved\"]") >= 1, scraped.toString());
        String basic = Base64.getEncoder().encodeToString(("metrics:" + scrapeSecret())
                .getBytes(StandardCharsets.UTF_8));
        String viaBasic = given().baseUri(Deployments.baseUri()).header("Authorization", "Basic " + basic)
                .get("/business-metrics").then().statusCode(200).extract().asString();
        assertTrue(viaBasic.contains("\npayments_payment_tokens "), viaBasic);
        for (String wrong : new String[] {null, "Bearer " + scrapeSecret() + "x", "Bearer wrong",
                "Basic " + Base64.getEncoder().encodeToString("metrics:wrong".getBytes()), scrapeSecret()}) {
            var request = given().baseUri(Deployments.baseUri());
            if (wrong != null) {
                request.header("Authorization", wrong);
            }
            Response refused = request.get("/business-metrics");
            assertEquals(401, refused.statusCode(), String.valueOf(wrong));
            assertTrue(!refused.asString().contains("payments_"), refused.asString());
            assertTrue(refused.headers().getValues("WWW-Authenticate").stream().anyMatch(c -> c.startsWith("Bearer")),
                    refused.headers().toString());
            assertEquals(401, JsonBody.of(refused).getInt("code"));
        }
    }

    static final String AUTHORIZE = "[method=\"POST\", path=\"/api/pay/{projectId}/transactions\"";

    @Test
    void requestFiguresMoveWithTheRequests() {
        Cards.Shop shop = Cards.aShop();
        Map<String, Double> before = scrape();
        shop.anAuthorization("4111111111111111", "3.00", false);
        shop.anAuthorization("4111111111111111", "4.00", false);
        Api.refused(shop.pay().body(Map.of("paymentToken", "tok_unknown", "amount", 1)).post(shop.transactions()), 400);
        Map<String, Double> after = scrape();
        String ok = "payments_http_requests_total" + AUTHORIZE + ", status=\"2xx\"]";
        String bad = "payments_http_requests_total" + AUTHORIZE + ", status=\"4xx\"]";
        assertEquals(2.0, value(after, ok) - value(before, ok), after.toString());
        assertEquals(1.0, value(after, bad) - value(before, bad));
        String timed = "payments_http_request_seconds_count" + AUTHORIZE + "]";
        assertEquals(3.0, value(after, timed) - value(before, timed));
        assertTrue(value(after, "payments_http_request_seconds_sum" + AUTHORIZE + "]")
                > value(before, "payments_http_request_seconds_sum" + AUTHORIZE + "]"));
    }

    @Test
    void businessFiguresMoveWithTheWork() throws InterruptedException {
        Map<String, Double> before = eventually(s -> true);
        Cards.Shop shop = Cards.aShop();
        UUID approved = shop.anAuthorization("4111111111111111", "6.00", false);
        Api.ok(shop.authorize(shop.aToken("4000000000000002"), "7.00", false));
        String approvedKey = "payments_transactions[status=\"Approved\"]";
        String declines = "payments_transaction_events[result=\"Declined\", type=\"Authorize\"]";
        Map<String, Double> after = eventually(s -> value(s, declines) > value(before, declines)
                && value(s, approvedKey) > value(before, approvedKey));
        assertTrue(value(after, approvedKey) >= value(before, approvedKey) + 1, "approved " + approved);
        assertTrue(value(after, declines) >= value(before, declines) + 1);
        assertTrue(value(after, "payments_payment_tokens[]") >= value(before, "payments_payment_tokens[]") + 2);
        assertTrue(value(scrape(), "payments_job_runs_total[job=\"report-sync\", outcome=\"success\"]") > 0,
                "the report sync runs every 5 s in the tests");
    }

    static final String IN_USE = "payments_db_pool_connections_in_use[]";

    /**
     * The pool's figures are Payara's own: the configured maximum, and connections in use while requests hold them.
     * Three company updates (of three companies) are made to wait inside the database (the test holds the rows' locks),
     * each holding its pooled connection, until the test lets go.
     */
    @Test
    void poolFiguresShowTheConnectionsRequestsHold() throws Exception {
        Map<String, Double> quiet = scrape();
        assertEquals(48.0, value(quiet, "payments_db_pool_connections_max[]"), quiet.toString());
        assertTrue(quiet.containsKey(IN_USE) && quiet.containsKey("payments_db_pool_connections_idle[]")
                && quiet.containsKey("payments_db_pool_waiting_threads[]")
                && quiet.containsKey("payments_http_requests_in_flight[]"), quiet.toString());
        List<UUID> companies = List.of(Api.aCompany(), Api.aCompany(), Api.aCompany());
        ExecutorService clients = Executors.newFixedThreadPool(3);
        List<Future<Response>> updates = new ArrayList<>();
        Map<String, Double> busy;
        try (Connection db = DatabaseDump.connect()) {
            db.setAutoCommit(false);
            for (UUID company : companies) {
                try (var lock = db.prepareStatement("SELECT id FROM companies WHERE id = ? FOR UPDATE")) {
                    lock.setObject(1, company);
                    lock.executeQuery().close();
                }
                String name = Api.unique("Pool");
                updates.add(clients.submit(() -> Api.asRoot().body(Map.of("companyName", name))
                        .put("/api/adm/companies/" + company)));
            }
            busy = scrape();
            for (int i = 0; i < 60 && value(busy, IN_USE) < 3; i++) {
                Thread.sleep(250);
                busy = scrape();
            }
            db.rollback();
        } finally {
            clients.shutdown();
        }
        for (Future<Response> update : updates) {
            Api.ok(update.get());
        }
        assertTrue(value(busy, IN_USE) >= 3, "three requests wait in the database, each on a connection: " + busy);
        Map<String, Double> after = scrape();
        for (int i = 0; i < 40 && value(after, IN_USE) >= 3; i++) {
            Thread.sleep(250);
            after = scrape();
        }
        assertTrue(value(after, IN_USE) < value(busy, IN_USE), "the connections are given back: " + after);
    }

    /**
     * A request that matches no operation is counted by its method only when that is a standard one: made-up methods
     * (any client can send any token) all share the label OTHER, so none adds a label value of its own.
     */
    @Test
    void unmatchedRequestsWithMadeUpMethodsShareOneMethodLabel() {
        Map<String, Double> before = scrape();
        List<String> madeUp = List.of("FOOBAR", "FOOBAZ" + UUID.randomUUID().toString().substring(0, 8).toUpperCase()
                .replaceAll("[^A-Z]", "Q"));
        for (String method : madeUp) {
            int status = given().baseUri(Deployments.baseUri()).request(method, "/api/x").statusCode();
            assertTrue(status >= 400 && status < 500, method + " answered " + status);
        }
        int status = given().baseUri(Deployments.baseUri()).get("/api/x").statusCode();
        assertEquals(404, status);
        Map<String, Double> after = scrape();
        assertEquals(2.0, unmatched(after, "OTHER") - unmatched(before, "OTHER"), after.toString());
        assertEquals(1.0, unmatched(after, "GET") - unmatched(before, "GET"), after.toString());
        for (String key : after.keySet()) {
            assertTrue(!key.contains("FOOBA"), "a made-up method became a label value: " + key);
        }
    }

    /** The requests counted on no operation under the method label, all status classes together. */
    private static double unmatched(Map<String, Double> samples, String method) {
        String prefix = "payments_http_requests_total[method=\"" + method + "\", path=\"unmatched\", status=";
        return samples.entrySet().stream().filter(e -> e.getKey().startsWith(prefix))
                .mapToDouble(Map.Entry::getValue).sum();
    }

    @Test
    void noTagValueCarriesAnIdOrCardData() {
        Cards.aShop().anAuthorization("4111111111111111", "2.00", false);
        Map<String, Double> all = new HashMap<>(scrape());
        all.putAll(businessScrape());
        for (String key : all.keySet()) {
            // The ISO 8583 figures are labelled by the processor configuration (DESIGN.md section 12: by id, never by
            // host or port), and per host by company behind the scrape credential: those ids are their labels.
            String tags = key.replaceFirst("^payments_iso8583_[a-z_]+\\[processor=\"[0-9a-f-]{36}\"]$", "")
                    .replaceFirst("^(payments_iso8583_host_[a-z_]+\\[)company=\"[0-9a-f-]{36}\"", "$1");
            assertTrue(!tags.matches("(?s).*[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-.*") && !tags.matches("(?s).*\\d{12,19}.*"),
                    "an id or a number in a tag: " + key);
        }
    }
}
