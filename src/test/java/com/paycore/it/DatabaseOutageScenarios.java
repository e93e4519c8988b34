package com.paycore.it;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;

import org.junit.jupiter.api.Assumptions;

import io.restassured.http.ContentType;
import io.restassured.response.Response;

/**
 * While the database is unreachable an instance answers 503 with the envelope (never a 500 with a trace), reports
 * not ready, and serves again by itself once the database is back. An extra instance reaches PostgreSQL through a
 * TCP forwarder the test cuts and restores.
 */
final class DatabaseOutageScenarios {

    private DatabaseOutageScenarios() {
    }

    /** The scenario, on HardenedInstanceScenarios' instance, which reaches the database through the link. */
    static void whileTheDatabaseIsAwayRequestsAre503AndNotReadyThenServiceResumesByItself(ExtraInstance instance,
                                                                                          TcpCut link) throws Exception {
        String main = System.getenv("PAYMENTS_DB_URL");
        Assumptions.assumeTrue(main != null && main.startsWith("jdbc:postgresql://"), "PostgreSQL through a TCP forwarder");
        Cards.Shop shop = Cards.aShop();
        UUID id = shop.anAuthorization("4111111111111111", "3.00", false);
        // ready only after the instance served itself a warm-up round (the first concurrent requests after a start)
        assertTrue(instance.log().contains("Warm-up served"), "no warm-up before readiness");
        Supplier<Response> read = () -> given().baseUri(instance.baseUri()).accept(ContentType.JSON)
                .header("X-API-Key", shop.key()).queryParam("id", id).get(shop.transactions());
        assertEquals(200, read.get().statusCode());

        link.cut();
        Response during = read.get();
        assertEquals(503, during.statusCode(), during.asString());
        assertFalse(JsonBody.of(during).getBoolean("success"));
        assertEquals(500, JsonBody.of(during).getInt("code"), "DESIGN.md section 3: every 5xx is envelope code 500");
        assertTrue(JsonBody.of(during).getString("errorMessage").contains("database"), during.asString());
        assertFalse(during.asString().contains("Exception"), "no trace: " + during.asString());
        Response tokenize = given().baseUri(instance.baseUri()).contentType(ContentType.JSON)
                .header("X-API-Key", shop.key()).body(Cards.body("4242424242424242", "123")).post(shop.tokens());
        assertEquals(503, tokenize.statusCode(), tokenize.asString());
        assertEquals(503, readiness(instance.baseUri(), 503), "not ready while the database is away");

        link.restore();
        long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        int status = -1;
        while (System.nanoTime() < deadline && (status = read.get().statusCode()) != 200) {
            Thread.sleep(500);
        }
        assertEquals(200, status, "serves again once the database is back");
        assertEquals(200, readiness(instance.baseUri(), 200));
        assertEquals(id.toString(), JsonBody.of(read.get()).getString("entries[0].id"));
        assertTrue(!instance.log().contains("4111111111111111"), "no card number in the log");
    }

    /**
     * GET /health/ready until it answers {@code wanted} (at most 60 s; each call may take up to 15 s: the checks ask
     * the database, whose connection attempts fail only after the pool's own tries); the last status, -1 for none.
     */
    static int readiness(String baseUri, int wanted) throws InterruptedException {
        HttpClient client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1).build();
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        int status = -1;
        while (System.nanoTime() < deadline && status != wanted) {
            try {
                status = client.send(HttpRequest.newBuilder(URI.create(baseUri + "/health/ready"))
                        .timeout(Duration.ofSeconds(15)).build(), HttpResponse.BodyHandlers.discarding())
                        .statusCode();
            } catch (IOException e) {
                status = -1;
            }
            if (status != wanted) {
                Thread.sleep(500);
            }
        }
        return status;
    }
}
