package com.paycore.it;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import io.restassured.http.ContentType;
import io.restassured.response.Response;

/**
 * Graceful shutdown: on SIGTERM an instance reports not ready at once, finishes the requests in flight, then stops.
 * An extra instance on the same PostgreSQL database, whose Simulator takes 6 s per call.
 */
abstract class GracefulShutdownScenarios {

    @Test
    void onSigtermReadinessIsDownWhileTheRequestInFlightFinishes() throws Exception {
        String main = System.getenv("PAYMENTS_DB_URL");
        Assumptions.assumeTrue(main != null && main.startsWith("jdbc:postgresql://"), "a second instance on the same database");
        Cards.Shop shop = Cards.aShop();
        String token = shop.aToken("4111111111111111");
        Map<String, String> settings = new HashMap<>();
        settings.put("payments.simulator.latency-ms", "6000");
        settings.put("payments.processor.timeout-ms", "30000");
        settings.put("payments.shutdown.drain-seconds", "30");
        try (ExtraInstance instance = ExtraInstance.start("drain", settings).awaitReady()) {
            // ready only after the instance served itself a warm-up round (issue 14: the first concurrent requests)
            assertTrue(instance.log().contains("Warm-up served"), "no warm-up before readiness");
            Map<String, Object> body = new HashMap<>();
            body.put("paymentToken", token);
            body.put("amount", new java.math.BigDecimal("2.00"));
            body.put("currency", "USD");
            CompletableFuture<Response> inFlight = CompletableFuture.supplyAsync(() -> given()
                    .baseUri(instance.baseUri()).contentType(ContentType.JSON).accept(ContentType.JSON)
                    .header("X-API-Key", shop.key()).body(body).post(shop.transactions()));
            Thread.sleep(2000); // the authorization is at the processor now
            instance.terminate();
            boolean sawDraining = false;
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (!inFlight.isDone() && System.nanoTime() < deadline) {
                if (instance.ready() == 503) {
                    sawDraining = true;
                }
                Thread.sleep(200);
            }
            Response answer = inFlight.get();
            assertEquals(201, answer.statusCode(), "the request in flight was finished: " + answer.asString());
            assertTrue(sawDraining, "readiness was DOWN while the request finished");
            assertEquals("Approved", shop.transaction(java.util.UUID.fromString(answer.jsonPath().getString("id"))).get("status"));
            long exit = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (instance.alive() && System.nanoTime() < exit) {
                Thread.sleep(500);
            }
            assertFalse(instance.alive(), "the instance stopped after draining");
            assertTrue(instance.log().contains("requests in flight"), "the drain is logged");
        }
    }
}
