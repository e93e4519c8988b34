package com.paycore.it;

import static com.paycore.it.Api.aCompany;
import static com.paycore.it.Api.anAdminOf;
import static com.paycore.it.Api.as;
import static com.paycore.it.Api.asRoot;
import static com.paycore.it.Api.ok;
import static com.paycore.it.Api.refused;
import static com.paycore.it.Cards.aShop;
import static com.paycore.it.Cards.body;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;

import io.restassured.RestAssured;
import io.restassured.response.Response;

/** E18 keystores, their list, and rotation of tokens onto the newest one. */
abstract class KeystoreScenarios {

    @Test
    void generationAnswersTheKeyMaterialOnceAndListsShowOnlyMetadata() {
        Response r = asRoot().post("/api/adm/KeyStores/generation");
        UUID id = Api.created(r);
        var json = JsonBody.of(r);
        assertEquals(id.toString(), json.getString("keystoreId"));
        assertEquals("AES-256", json.getString("keyStrength"));
        assertEquals(32, Base64.getDecoder().decode(json.getString("keyBase64")).length);
        assertTrue(Base64.getDecoder().decode(json.getString("ivBase64")).length >= 12);
        OffsetDateTime activation = OffsetDateTime.parse(json.getString("activationDate"));
        OffsetDateTime expiration = OffsetDateTime.parse(json.getString("expirationDate"));
        assertEquals(365, Duration.between(activation, expiration).toDays());
        List<Map<String, Object>> entries = ok(asRoot().get("/api/adm/KeyStores")).getList("entries");
        Map<String, Object> listed = entries.stream().filter(e -> id.toString().equals(e.get("keystoreId"))).findFirst().orElseThrow();
        assertTrue(listed.containsKey("keyBase64") && listed.get("keyBase64") == null, "listed with keyBase64 null");
        assertTrue(listed.containsKey("ivBase64") && listed.get("ivBase64") == null, "listed with ivBase64 null");
        assertEquals(Boolean.TRUE, listed.get("isActive"), "the newest keystore encrypts new card data");
        assertTrue(!asRoot().get("/api/adm/KeyStores").asString().contains(json.getString("keyBase64")));
    }

    @Test
    void keystoresAreForPlatformAdministratorsOnly() {
        String admin = anAdminOf(aCompany()).token();
        refused(as(admin).post("/api/adm/KeyStores/generation"), 403);
        refused(as(admin).get("/api/adm/KeyStores"), 403);
        refused(as(admin).post("/api/adm/KeyStores/rotation"), 403);
        refused(Api.anonymous().post("/api/adm/KeyStores/generation"), 401);
    }

    @Test
    void rotationMovesEveryTokenOnceAndResumesToNothing() {
        Cards.Shop shop = aShop();
        List<UUID> tokens = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            tokens.add(Api.created(shop.tokenize(body("4242424242424242", "123"))));
        }
        UUID newest = Api.created(asRoot().post("/api/adm/KeyStores/generation"));
        var first = LongRuns.outcome(asRoot().post("/api/adm/KeyStores/rotation"));
        assertEquals(newest.toString(), first.getString("keystoreId"));
        assertTrue(first.getInt("rotated") >= tokens.size(), "at least this test's tokens moved");
        assertEquals(0, LongRuns.outcome(asRoot().post("/api/adm/KeyStores/rotation")).getInt("rotated"), "nothing left to move");
        for (UUID token : tokens) {
            ok(shop.pay().get(shop.tokens() + "/" + token));
        }
    }

    @Test
    void rotationUnderConcurrentTokenizationLosesNoToken() throws Exception {
        Cards.Shop shop = aShop();
        for (int i = 0; i < 20; i++) {
            Api.created(shop.tokenize(body("5555555555554444", "123")));
        }
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<UUID>> made = new ArrayList<>();
            for (int i = 0; i < 40; i++) {
                boolean second = i % 2 == 0;
                made.add(pool.submit(() -> Api.created((second ? shop.paySecond() : shop.pay())
                        .body(body("6011111111111117", "123")).post(shop.tokens()))));
            }
            Api.created(asRoot().post("/api/adm/KeyStores/generation"));
            Future<Integer> rotation = pool.submit(() -> LongRuns.outcome(asRoot().post("/api/adm/KeyStores/rotation")).getInt("rotated"));
            List<UUID> ids = new ArrayList<>();
            for (Future<UUID> f : made) {
                ids.add(f.get());
            }
            rotation.get();
            // Tokens sealed under the previous keystore while rotation ran are moved by the next run, which can
            // only succeed if every sealed number still decrypts; after it nothing is left.
            LongRuns.outcome(asRoot().post("/api/adm/KeyStores/rotation"));
            assertEquals(0, LongRuns.outcome(asRoot().post("/api/adm/KeyStores/rotation")).getInt("rotated"));
            for (UUID id : ids) {
                ok(shop.pay().get(shop.tokens() + "/" + id));
            }
            assertEquals(40, ids.stream().distinct().count());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void readinessCarriesTheKeystoreCheck() {
        var health = JsonBody.of(RestAssured.given().baseUri(Deployments.baseUri()).get("/health/ready"));
        assertTrue(health.getList("checks.name").contains("keystore"), health.prettyPrint());
    }
}
