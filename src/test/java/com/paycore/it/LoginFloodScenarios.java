package com.paycore.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Assumptions;

/**
 * A flood of password logins for unknown users, on an extra instance with the production PBKDF2
 * strength (210,000 iterations), the token endpoint's default limits (the instance under test runs with cheap
 * hashes and lifted limits, see pom.xml) and the run command's 16 HTTP workers, leaves the payment API answering:
 * a login that finds no free password-check slot is refused at once, so no worker waits in a login. E16's p99 has a
 * generous bound (one on a fault, not a benchmark). An extra instance on the same PostgreSQL database as the one
 * under test.
 */
final class LoginFloodScenarios {

    private LoginFloodScenarios() {
    }

    static final int FLOODERS = 32;
    static final Duration FLOOD = Duration.ofSeconds(8);
    static final long P99_BOUND_MS = 300;
    /** The HTTP workers of the run command (pom.xml, payments.http.max-threads). */
    static final String HTTP_WORKERS = System.getProperty("it.flood.http-threads", "16");
    /** A wait for a check slot (1 s): refusals must come well within it, so no login waits for a slot at all. */
    static final long SLOT_WAIT_MS = 1000;

    /**
     * The flooded instance's settings: production hashing, and the defaults of the throttle (pom.xml lifts them; the
     * default number of check slots, half the processors, is named since pom.xml lifts that cap too).
     */
    static Map<String, String> productionLogin() {
        Map<String, String> settings = new HashMap<>();
        settings.put("payments.security.pbkdf2-iterations", "210000");
        settings.put("payments.auth.token.attempts-per-address", System.getProperty("it.flood.per-address", "30"));
        settings.put("payments.auth.token.attempts-per-username", System.getProperty("it.flood.per-username", "10"));
        settings.put("payments.auth.token.max-concurrent-checks", System.getProperty("it.flood.concurrent-checks",
                String.valueOf(Math.max(1, Runtime.getRuntime().availableProcessors() / 2))));
        return settings;
    }

    private static HttpRequest login(String baseUri, String username) {
        String form = "grant_type=password&password=guess-" + UUID.randomUUID() + "&username="
                + URLEncoder.encode(username, StandardCharsets.UTF_8);
        return HttpRequest.newBuilder(URI.create(baseUri + "/api/auth/token"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .timeout(Duration.ofSeconds(60))
                .POST(HttpRequest.BodyPublishers.ofString(form)).build();
    }

    /**
     * Under the production limits (30 attempts per address), usernames longer than 254 characters are refused
     * invalid_request and not counted: 40 of them from one address leave it under its limit, so the next login of that
     * address is checked (invalid_grant), not refused 429.
     */
    private static void longUsernamesAreRefusedUncounted(HttpClient client, String baseUri) throws Exception {
        for (int i = 0; i < 40; i++) {
            HttpResponse<String> r = client.send(login(baseUri, i + "x".repeat(300) + "@flood.test"),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(400, r.statusCode(), r.body());
            assertTrue(r.body().contains("\"error\":\"invalid_request\""), r.body());
        }
        HttpResponse<String> after = client.send(login(baseUri, "nobody-" + UUID.randomUUID() + "@flood.test"),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(400, after.statusCode(), "the long usernames counted towards the address: " + after.body());
        assertTrue(after.body().contains("\"error\":\"invalid_grant\""), after.body());
    }

    /** The scenario, on HardenedInstanceScenarios' instance (started with {@link #productionLogin()}). */
    static void aFloodOfUnknownUserLoginsGets429sWhileE16KeepsAnswering(ExtraInstance instance) throws Exception {
        String main = System.getenv("PAYMENTS_DB_URL");
        Assumptions.assumeTrue(main != null && main.startsWith("jdbc:postgresql://"), "an extra instance on the same database");
        Cards.Shop shop = Cards.aShop();
        UUID transaction = shop.anAuthorization("4111111111111111", "3.00", false);
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(10)).build();
        longUsernamesAreRefusedUncounted(client, instance.baseUri());
        HttpRequest e16 = HttpRequest.newBuilder(URI.create(instance.baseUri() + shop.transactions() + "?id=" + transaction))
                .header("X-API-Key", shop.key()).header("Accept", "application/json")
                .timeout(Duration.ofSeconds(30)).GET().build();
        for (int i = 0; i < 200; i++) { // warm the path up (JIT, pools) before measuring
            assertEquals(200, client.send(e16, HttpResponse.BodyHandlers.ofString()).statusCode());
        }
        List<Long> quiet = new ArrayList<>(); // for the report only: how the machine answers without the flood
        for (int i = 0; i < 100; i++) {
            long start = System.nanoTime();
            assertEquals(200, client.send(e16, HttpResponse.BodyHandlers.ofString()).statusCode());
            quiet.add((System.nanoTime() - start) / 1_000_000);
            Thread.sleep(20);
        }
        Collections.sort(quiet);

        Map<Integer, AtomicInteger> statuses = new ConcurrentHashMap<>();
        List<String> badRefusals = Collections.synchronizedList(new ArrayList<>());
        List<Long> slotRefusals = Collections.synchronizedList(new ArrayList<>()); // ms each, from send to answer
        ExecutorService pool = Executors.newFixedThreadPool(FLOODERS);
        long end = System.nanoTime() + FLOOD.toNanos();
        List<Future<?>> flooders = new ArrayList<>();
        for (int i = 0; i < FLOODERS; i++) {
            flooders.add(pool.submit(() -> {
                while (System.nanoTime() < end) {
                    long sent = System.nanoTime();
                    HttpResponse<String> r = client.send(login(instance.baseUri(),
                            "nobody-" + UUID.randomUUID() + "@flood.test"), HttpResponse.BodyHandlers.ofString());
                    statuses.computeIfAbsent(r.statusCode(), s -> new AtomicInteger()).incrementAndGet();
                    if (r.body().contains("Too many sign-ins at once")) {
                        slotRefusals.add((System.nanoTime() - sent) / 1_000_000);
                    }
                    if (r.statusCode() == 429) {
                        String retryAfter = r.headers().firstValue("Retry-After").orElse("");
                        if (!retryAfter.matches("[1-9][0-9]*")
                                || !r.body().contains("\"error\":\"temporarily_unavailable\"")
                                || !r.body().contains("\"error_description\"")) {
                            badRefusals.add("Retry-After " + retryAfter + ": " + r.body());
                        }
                    }
                }
                return null;
            }));
        }
        List<Long> latencies = new ArrayList<>();
        Thread.sleep(1000); // the flood is on
        while (System.nanoTime() < end) {
            long start = System.nanoTime();
            HttpResponse<String> r = client.send(e16, HttpResponse.BodyHandlers.ofString());
            latencies.add((System.nanoTime() - start) / 1_000_000);
            assertEquals(200, r.statusCode(), r.body());
            Thread.sleep(20);
        }
        for (Future<?> flooder : flooders) {
            flooder.get(120, TimeUnit.SECONDS);
        }
        pool.shutdownNow();

        Collections.sort(latencies);
        List<Long> refusals = new ArrayList<>(slotRefusals);
        Collections.sort(refusals);
        long p99 = latencies.get((int) Math.ceil(latencies.size() * 0.99) - 1);
        String summary = "E16 without a flood: median " + quiet.get(50) + " ms, p99 " + quiet.get(98)
                + " ms; E16 during the flood: " + latencies.size() + " requests, median "
                + latencies.get(latencies.size() / 2) + " ms, p99 " + p99 + " ms, max "
                + latencies.get(latencies.size() - 1) + " ms; login answers by status " + statuses
                + "; refusals for want of a check slot: " + refusals.size()
                + (refusals.isEmpty() ? "" : ", median " + refusals.get(refusals.size() / 2) + " ms, max "
                + refusals.get(refusals.size() - 1) + " ms");
        System.out.println(summary);
        assertTrue(latencies.size() >= 100, summary);
        assertTrue(statuses.containsKey(429), "the flood got no 429: " + summary);
        // No worker waits for a slot: a login that finds none free is refused at once, far within a 1 s wait.
        assertTrue(!refusals.isEmpty(), "the flood never found the check slots busy: " + summary);
        assertTrue(refusals.get(refusals.size() / 2) < SLOT_WAIT_MS / 2, summary);
        assertTrue(badRefusals.isEmpty(), "429s without Retry-After or RFC 6749 body: " + badRefusals.subList(0,
                Math.min(3, badRefusals.size())));
        assertTrue(p99 < P99_BOUND_MS, summary);
    }
}
