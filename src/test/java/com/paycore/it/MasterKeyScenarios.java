package com.paycore.it;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;

import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;

/**
 * The master key, over real restarts of a Payara Micro on a database of its own (the shared instances keep their
 * key): docs/operations.md's rotation procedure (new key with the old one as previous, then the new key alone) keeps API keys
 * authenticating, tokens opening, card fingerprints matching and idempotent answers replaying, and leaves nothing
 * sealed under the old key. A key that opens nothing stopping the start is MasterKeyStartupTest's.
 */
abstract class MasterKeyScenarios {

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final String CARD = "4111111111111111";

    private static Future<Void> rotation;

    /**
     * Starts the rotation on a thread of its own ({@link Background}): ApiIT calls it at the beginning of the run, so
     * that its three instances boot one after the other while the other scenarios run.
     */
    static synchronized void boot() {
        if (rotation == null) {
            rotation = Background.run("master-key rotation", () -> {
                rotate();
                return null;
            });
        }
    }

    @Test
    void rotationKeepsEverythingWorkingAndRetiresTheOldKey() throws Exception {
        boot();
        Background.await(rotation, Duration.ofMinutes(20));
    }

    /** docs/operations.md's procedure on a fresh database: the old key alone, then the new with the old as previous, then the new. */
    private static void rotate() throws Exception {
        String oldKey = newMasterKey();
        String newKey = newMasterKey();
        ExtraInstance.Database db = ExtraInstance.Database.fresh("master_key_rotation");
        try {
            Shop shop;
            String idempotencyKey = UUID.randomUUID().toString();
            Response first;
            try (ExtraInstance before = start("mk-before", db, oldKey, null)) {
                shop = aShop(before.baseUri());
                first = shop.pay().header("Idempotency-Key", idempotencyKey).body(Cards.body(CARD, "123"))
                        .post(shop.tokens());
                assertEquals(201, first.statusCode(), first.asString());
                assertEquals(201, shop.pay().body(Cards.body(CARD, "123")).post(shop.tokens()).statusCode());
            }
            String firstToken = JsonBody.of(first).getString("paymentToken");
            String oldId = keyId(oldKey);
            assertTrue(dump(db).contains("v1." + oldId + "."), "values sealed under the first key");

            // Step 1 of docs/operations.md: the new key, with the old one as previous.
            try (ExtraInstance rotating = start("mk-rotating", db, newKey, oldKey)) {
                assertWorks(shop.on(rotating.baseUri()), firstToken, idempotencyKey, first);
                assertFalse(dump(db).contains("v1." + oldId + "."), "nothing left under the old key");
                assertTrue(rotating.log().contains("Re-sealed under the current master key"));
            }
            // Step 2: the old key removed.
            try (ExtraInstance rotated = start("mk-rotated", db, newKey, null)) {
                assertWorks(shop.on(rotated.baseUri()), firstToken, idempotencyKey, first);
            }
            List<String> fingerprints = fingerprints(db, shop.projectId());
            assertTrue(fingerprints.size() >= 4, fingerprints.toString());
            assertEquals(1, fingerprints.stream().distinct().count(), "one card, one fingerprint: " + fingerprints);
        } finally {
            db.drop();
        }
    }

    /** Keys authenticate, the old token opens (a sale on it), the same card fingerprints alike, replays replay. */
    private static void assertWorks(Shop shop, String token, String idempotencyKey, Response first) {
        Api.ok(shop.pay().get("/api/pay/" + shop.projectId()));
        Map<String, Object> sale = new HashMap<>();
        sale.put("paymentToken", token);
        sale.put("amount", new BigDecimal("10.00"));
        sale.put("currency", "USD");
        sale.put("capture", true);
        Response approved = shop.pay().body(sale).post(shop.transactions());
        assertEquals(201, approved.statusCode(), approved.asString());
        assertEquals(201, shop.pay().body(Cards.body(CARD, "123")).post(shop.tokens()).statusCode());
        Response replay = shop.pay().header("Idempotency-Key", idempotencyKey).body(Cards.body(CARD, "123"))
                .post(shop.tokens());
        assertEquals(201, replay.statusCode(), replay.asString());
        assertEquals("true", replay.header("Idempotent-Replayed"));
        assertEquals(JsonBody.of(first).getString("paymentToken"), JsonBody.of(replay).getString("paymentToken"));
        assertEquals(first.header("Location"), replay.header("Location"));
        String value = Api.ok(shop.admin().queryParam("keyId", shop.keyId()).get("/api/adm/companyProjectKeys/actual"))
                .getString("entry.keyValue");
        assertEquals(shop.key(), value);
    }

    record Shop(String baseUri, String rootToken, UUID projectId, UUID keyId, String key) {
        RequestSpecification pay() {
            return given().baseUri(baseUri).contentType(ContentType.JSON).accept(ContentType.JSON).header("X-API-Key", key);
        }

        RequestSpecification admin() {
            return given().baseUri(baseUri).contentType(ContentType.JSON).accept(ContentType.JSON)
                    .header("Authorization", "Bearer " + rootToken);
        }

        Shop on(String otherBaseUri) {
            return new Shop(otherBaseUri, Api.rootTokenAt(otherBaseUri), projectId, keyId, key);
        }

        String tokens() {
            return "/api/pay/" + projectId + "/companyProjectCreditCardPaymentsInfo";
        }

        String transactions() {
            return "/api/pay/" + projectId + "/transactions";
        }
    }

    /** A project with its key, a Simulator processor (sealed settings) and merchant credentials (sealed). */
    private static Shop aShop(String baseUri) {
        Shop admin = new Shop(baseUri, Api.rootTokenAt(baseUri), null, null, null);
        UUID company = Api.created(admin.admin().body(Map.of("companyName", Api.unique("Co"))).post("/api/adm/companies"));
        UUID project = Api.created(admin.admin().body(Map.of("companyId", company, "projectName", Api.unique("Proj")))
                .post(Api.PROJECTS));
        Api.created(admin.admin().body(Map.of("companyProjectId", project, "projectPaymentProcessorName", "Sim",
                "gateway", 1, "paymentType", 1, "isActive", true, "settings", Map.of("simulatorLatencyMs", 0)))
                .post(Api.PROCESSORS));
        Api.ok(admin.admin().body(Map.of("processorGateway", 1, "merchantId", "m-1", "apiKey", "merchant-key-123"))
                .put(Api.PROJECTS + "/" + project + "/merchant"));
        List<Map<String, Object>> keys = Api.ok(admin.admin().queryParam("CompanyProjectId", project).get(Api.KEYS))
                .getList("entries");
        UUID keyId = UUID.fromString((String) keys.get(0).get("id"));
        String value = Api.ok(admin.admin().queryParam("keyId", keyId).get("/api/adm/companyProjectKeys/actual"))
                .getString("entry.keyValue");
        return new Shop(baseUri, admin.rootToken(), project, keyId, value);
    }


    private static ExtraInstance start(String name, ExtraInstance.Database db, String masterKey, String previous)
            throws Exception {
        ExtraInstance instance = ExtraInstance.startWhenIdle(name, settings(db, masterKey, previous));
        try {
            return instance.awaitReady(ExtraInstance.WHEN_IDLE);
        } catch (AssertionError | RuntimeException e) {
            instance.close();
            throw e;
        }
    }

    private static Map<String, String> settings(ExtraInstance.Database db, String masterKey, String previous) {
        Map<String, String> settings = db.settings();
        settings.put("payments.data.dir", System.getProperty("payments.it.dir", "target/it") + "/master-key-data");
        settings.put("payments.crypto.master-key", masterKey);
        settings.put("payments.crypto.previous-master-keys", previous == null ? "" : previous);
        settings.put("payments.reports.sync-interval-seconds", "off");
        return settings;
    }

    private static String newMasterKey() {
        byte[] key = new byte[32];
        RANDOM.nextBytes(key);
        return Base64.getEncoder().encodeToString(key);
    }

    /** The id a sealed value names its master key by: the first 4 bytes of the key's SHA-256, in hex. */
    private static String keyId(String masterKey) throws Exception {
        byte[] digest = MessageDigest.getInstance("SHA-256").digest(Base64.getDecoder().decode(masterKey));
        return HexFormat.of().formatHex(digest, 0, 4);
    }

    private static String dump(ExtraInstance.Database db) throws Exception {
        StringBuilder all = new StringBuilder();
        try (Connection c = db.connect()) {
            for (String table : List.of("keystores", "project_keys", "payment_processors", "processor_settings", "projects",
                    "merchant_credentials", "idempotency_keys", "crypto_keys")) {
                try (var st = c.createStatement(); ResultSet rs = st.executeQuery("select * from " + table)) {
                    int columns = rs.getMetaData().getColumnCount();
                    while (rs.next()) {
                        for (int i = 1; i <= columns; i++) {
                            all.append(rs.getString(i)).append(' ');
                        }
                        all.append('\n');
                    }
                }
            }
        }
        return all.toString();
    }

    private static List<String> fingerprints(ExtraInstance.Database db, UUID projectId) throws Exception {
        try (Connection c = db.connect();
             PreparedStatement st = c.prepareStatement("select fingerprint from payment_tokens where project_id = ?")) {
            st.setObject(1, projectId);
            try (ResultSet rs = st.executeQuery()) {
                List<String> all = new ArrayList<>();
                while (rs.next()) {
                    all.add(rs.getString(1));
                }
                return all;
            }
        }
    }
}
