package com.paycore.it;

import static com.paycore.it.Api.KEYS;
import static com.paycore.it.Api.aCompany;
import static com.paycore.it.Api.aKey;
import static com.paycore.it.Api.aMember;
import static com.paycore.it.Api.aProject;
import static com.paycore.it.Api.aProjectAssignedTo;
import static com.paycore.it.Api.anAdminOf;
import static com.paycore.it.Api.as;
import static com.paycore.it.Api.asRoot;
import static com.paycore.it.Api.created;
import static com.paycore.it.Api.keysOf;
import static com.paycore.it.Api.ok;
import static com.paycore.it.Api.refused;
import static com.paycore.it.CompanyScenarios.body;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.KeyFactory;
import java.security.spec.X509EncodedKeySpec;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;

import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;

/** Project API keys: create, masked list, E6 metadata update with the last-active-key rule, E12 reveal, audit. */
abstract class ApiKeyScenarios {

    static final String ACTUAL = KEYS + "/actual";

    static String keyPath(UUID id) {
        return KEYS + "/" + id;
    }

    /** E12 as the platform administrator. */
    static JsonBody reveal(UUID key) {
        return ok(asRoot().queryParam("keyId", key).get(ACTUAL));
    }

    static String valueOf(UUID key) {
        return reveal(key).getString("entry.keyValue");
    }

    static Map<String, Object> entryOf(UUID project, UUID key) {
        return keysOf(project).stream().filter(e -> key.toString().equals(e.get("id"))).findFirst()
                .orElseThrow(() -> new AssertionError("key " + key + " not listed for project " + project));
    }

    /** The key every project is born with. */
    static UUID firstKeyOf(UUID project) {
        return UUID.fromString((String) keysOf(project).get(0).get("id"));
    }

    static List<String> activeKeysOf(UUID project) {
        return keysOf(project).stream().filter(e -> Boolean.TRUE.equals(e.get("isActive"))).map(e -> (String) e.get("id")).toList();
    }

    private static Instant instant(Object dateTime) {
        return OffsetDateTime.parse((String) dateTime).toInstant();
    }

    private static void assertMaskedLikeTheValue(String masked, String value) {
        assertNotNull(masked);
        assertTrue(masked.matches("\\*+.{4}"), "maskedValue " + masked);
        assertTrue(value.length() > 4, "keyValue too short to be a secret");
        assertEquals(value.substring(value.length() - 4), masked.substring(masked.length() - 4));
    }

    private static void assertRsaPublicKeyPem(String pem) {
        assertNotNull(pem);
        assertTrue(pem.startsWith("-----BEGIN PUBLIC KEY-----"), pem);
        String base64 = pem.replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", "");
        assertDoesNotThrow(() -> KeyFactory.getInstance("RSA").generatePublic(new X509EncodedKeySpec(Base64.getDecoder().decode(base64))),
                "publicKey is not an X.509 RSA public key");
    }

    // ---- create and list ----

    @Test
    void createdKeysAreListedMaskedWithTheirPublicKeysOnly() {
        UUID project = aProject(aCompany());
        OffsetDateTime expires = OffsetDateTime.now(ZoneOffset.UTC).plusDays(90).truncatedTo(ChronoUnit.SECONDS);
        UUID rsa = created(asRoot().body(body("companyProjectId", project, "type", "TransactionRSAKey", "name", "Checkout",
                "description", "web checkout", "expirationDate", expires.toString())).post(KEYS));
        UUID pgp = created(asRoot().body(body("companyProjectId", project, "type", "FileContentPGPKey", "name", "Files",
                "description", "settlement files")).post(KEYS));
        Response list = asRoot().queryParam("CompanyProjectId", project).get(KEYS);
        String raw = list.asString();
        List<Map<String, Object>> entries = ok(list).getList("entries");
        assertEquals(3, entries.size(), raw);
        Map<String, Object> r = entryOf(project, rsa);
        assertEquals(project.toString(), r.get("companyProjectId"));
        assertEquals("TransactionRSAKey", r.get("type"));
        assertEquals("Checkout", r.get("name"));
        assertEquals("web checkout", r.get("description"));
        assertEquals(Boolean.TRUE, r.get("isActive"));
        assertEquals(expires.toInstant(), instant(r.get("expirationDate")));
        assertNull(r.get("deactivationDate"));
        assertNotNull(instant(r.get("createdDate")));
        assertRsaPublicKeyPem((String) r.get("publicKey"));
        Map<String, Object> g = entryOf(project, pgp);
        assertEquals("FileContentPGPKey", g.get("type"));
        assertEquals("settlement files", g.get("description"));
        assertTrue(((String) g.get("publicKey")).contains("-----BEGIN PGP PUBLIC KEY BLOCK-----"), (String) g.get("publicKey"));
        assertFalse(raw.contains("PRIVATE KEY"), "a private key is listed");
        assertFalse(raw.contains("keyValue"), "the list shows keyValue");
        for (Map<String, Object> e : entries) {
            String value = valueOf(UUID.fromString((String) e.get("id")));
            assertMaskedLikeTheValue((String) e.get("maskedValue"), value);
            assertFalse(raw.contains(value), "the list shows a key value");
        }
        assertEquals(List.of(pgp.toString()), ok(asRoot().queryParam("CompanyProjectId", project).queryParam("Type", "FileContentPGPKey")
                .get(KEYS)).getList("entries.id"));
        List<String> rsaKeys = ok(asRoot().queryParam("companyProjectId", project).queryParam("type", "TransactionRSAKey").get(KEYS))
                .getList("entries.id");
        assertEquals(2, rsaKeys.size());
        assertTrue(rsaKeys.contains(rsa.toString()));
    }

    @Test
    void aKeyWithoutExpirationExpiresOneYearAhead() {
        UUID key = aKey(aProject(aCompany()), "TransactionRSAKey");
        Instant expires = instant(reveal(key).getString("entry.expirationDate"));
        Instant now = Instant.now();
        assertTrue(expires.isAfter(now.plus(Duration.ofDays(364))) && expires.isBefore(now.plus(Duration.ofDays(367))),
                "expirationDate " + expires);
    }

    @Test
    void createRefusesUnknownTypesPastExpiryAndMissingProjects() {
        UUID project = aProject(aCompany());
        refused(asRoot().body(body("companyProjectId", project, "type", "SshKey", "name", "x")).post(KEYS), 400);
        refused(asRoot().body(body("companyProjectId", project, "type", "TransactionRSAKey", "name", "x",
                "expirationDate", OffsetDateTime.now(ZoneOffset.UTC).minusDays(1).toString())).post(KEYS), 400);
        refused(asRoot().body(body("companyProjectId", project, "type", "TransactionRSAKey", "name", "x",
                "expirationDate", "next year")).post(KEYS), 400);
        refused(asRoot().body(body("companyProjectId", "not-a-guid", "type", "TransactionRSAKey", "name", "x")).post(KEYS), 400);
        refused(asRoot().body(body("companyProjectId", UUID.randomUUID(), "type", "TransactionRSAKey", "name", "x")).post(KEYS), 404);
        assertEquals(1, keysOf(project).size(), "refused creates left no key");
    }

    // ---- E6 ----

    @Test
    void updateChangesMetadataButNeverTheValue() {
        UUID project = aProject(aCompany());
        UUID key = aKey(project, "TransactionRSAKey");
        String before = valueOf(key);
        Object maskedBefore = entryOf(project, key).get("maskedValue");
        OffsetDateTime expires = OffsetDateTime.now(ZoneOffset.UTC).plusDays(200).truncatedTo(ChronoUnit.SECONDS);
        ok(asRoot().body(body("id", key, "name", "Renamed", "description", "rotate soon", "expirationDate", expires.toString()))
                .put(keyPath(key)));
        Map<String, Object> e = entryOf(project, key);
        assertEquals("Renamed", e.get("name"));
        assertEquals("rotate soon", e.get("description"));
        assertEquals(expires.toInstant(), instant(e.get("expirationDate")));
        assertEquals(maskedBefore, e.get("maskedValue"));
        assertEquals(before, valueOf(key), "E6 changed the key value");
        ok(asRoot().body(body("name", "Only the name")).put(keyPath(key)));
        e = entryOf(project, key);
        assertEquals("Only the name", e.get("name"));
        assertEquals("rotate soon", e.get("description"), "fields left out keep their value");
        assertEquals(Boolean.TRUE, e.get("isActive"));
        assertEquals(before, valueOf(key));
    }

    @Test
    void theProjectsLastActiveKeyCannotBeDeactivated() {
        UUID project = aProject(aCompany());
        UUID first = firstKeyOf(project);
        refused(asRoot().body(body("isActive", false)).put(keyPath(first)), 400);
        refused(asRoot().body(body("deactivationDate", OffsetDateTime.now(ZoneOffset.UTC).minusHours(1).toString())).put(keyPath(first)), 400);
        assertEquals(List.of(first.toString()), activeKeysOf(project));
        UUID second = aKey(project, "TransactionRSAKey");
        ok(asRoot().body(body("id", first, "isActive", false)).put(keyPath(first)));
        assertEquals(Boolean.FALSE, entryOf(project, first).get("isActive"), "inactive keys are still listed");
        assertEquals(List.of(second.toString()), activeKeysOf(project));
        refused(asRoot().body(body("isActive", false)).put(keyPath(second)), 400);
        assertEquals(List.of(second.toString()), ok(asRoot().queryParam("CompanyProjectId", project).queryParam("isActive", true)
                .get(KEYS)).getList("entries.id"));
        ok(asRoot().body(body("isActive", true)).put(keyPath(first)));
        assertEquals(2, activeKeysOf(project).size());
        ok(asRoot().body(body("isActive", false)).put(keyPath(second)));
        assertEquals(List.of(first.toString()), activeKeysOf(project));
        assertEquals(List.of(second.toString()), ok(asRoot().queryParam("CompanyProjectId", project).queryParam("isActive", false)
                .get(KEYS)).getList("entries.id"));
    }

    @Test
    void onlyActiveKeysOfTheSameProjectCountTowardsTheLastActiveKey() {
        UUID company = aCompany();
        UUID project = aProject(company);
        UUID first = firstKeyOf(project);
        aKey(aProject(company), "TransactionRSAKey");
        refused(asRoot().body(body("isActive", false)).put(keyPath(first)), 400);
        UUID pgp = aKey(project, "FileContentPGPKey");
        UUID second = aKey(project, "TransactionRSAKey");
        ok(asRoot().body(body("isActive", false)).put(keyPath(second)));
        ok(asRoot().body(body("isActive", false)).put(keyPath(pgp)));
        refused(asRoot().body(body("isActive", false)).put(keyPath(first)), 400);
        assertEquals(List.of(first.toString()), activeKeysOf(project));
    }

    @Test
    void aPastDeactivationDateDeactivatesAtOnce() {
        UUID project = aProject(aCompany());
        UUID first = firstKeyOf(project);
        UUID second = aKey(project, "TransactionRSAKey");
        ok(asRoot().body(body("deactivationDate", OffsetDateTime.now(ZoneOffset.UTC).minusHours(1).toString())).put(keyPath(second)));
        Map<String, Object> e = entryOf(project, second);
        assertEquals(Boolean.FALSE, e.get("isActive"));
        assertNotNull(e.get("deactivationDate"));
        refused(asRoot().body(body("isActive", false)).put(keyPath(first)), 400);
        assertEquals(List.of(first.toString()), activeKeysOf(project));
    }

    @Test
    void updateRefusesBadInputAndUnknownKeys() {
        UUID project = aProject(aCompany());
        UUID key = aKey(project, "TransactionRSAKey");
        refused(asRoot().body(body("id", UUID.randomUUID(), "name", "x")).put(keyPath(key)), 400);
        refused(asRoot().body(body("isActive", "maybe")).put(keyPath(key)), 400);
        refused(asRoot().body(body("expirationDate", "soon")).put(keyPath(key)), 400);
        refused(asRoot().body(body("deactivationDate", "later")).put(keyPath(key)), 400);
        refused(asRoot().body(body("name", "ghost")).put(keyPath(UUID.randomUUID())), 404);
        refused(asRoot().body(body("name", "ghost")).put(KEYS + "/not-a-guid"), 400);
        assertEquals(2, activeKeysOf(project).size());
    }

    // ---- E12 ----

    @Test
    void revealAnswersTheEntryWithTheFullValue() {
        UUID company = aCompany();
        UUID project = aProject(company);
        UUID key = aKey(project, "TransactionRSAKey");
        Response r = asRoot().queryParam("keyId", key).get(ACTUAL);
        JsonBody json = ok(r);
        assertFalse(r.asString().contains("PRIVATE KEY"), "E12 shows a private key");
        assertEquals(key.toString(), json.getString("entry.id"));
        assertEquals(project.toString(), json.getString("entry.companyProjectId"));
        assertEquals("TransactionRSAKey", json.getString("entry.type"));
        assertTrue(json.getBoolean("entry.isActive"));
        assertRsaPublicKeyPem(json.getString("entry.publicKey"));
        String value = json.getString("entry.keyValue");
        assertMaskedLikeTheValue(json.getString("entry.maskedValue"), value);
        assertEquals(value, ok(asRoot().queryParam("keyId", key).queryParam("CompanyProjectId", project)
                .queryParam("Type", "TransactionRSAKey").get(ACTUAL)).getString("entry.keyValue"));
        assertEquals(value, ok(as(anAdminOf(company).token()).queryParam("keyId", key).get(ACTUAL)).getString("entry.keyValue"));
        assertNotEquals(value, valueOf(firstKeyOf(project)), "two keys share a value");
        UUID pgp = aKey(project, "FileContentPGPKey");
        JsonBody p = reveal(pgp);
        assertEquals("FileContentPGPKey", p.getString("entry.type"));
        assertMaskedLikeTheValue(p.getString("entry.maskedValue"), p.getString("entry.keyValue"));
    }

    @Test
    void revealRefusesMissingMalformedUnknownAndMismatchedKeys() {
        UUID company = aCompany();
        UUID project = aProject(company);
        UUID key = aKey(project, "TransactionRSAKey");
        refused(asRoot().get(ACTUAL), 400);
        refused(asRoot().queryParam("CompanyProjectId", project).get(ACTUAL), 400);
        refused(asRoot().queryParam("keyId", "not-a-guid").get(ACTUAL), 400);
        refused(asRoot().queryParam("keyId", key).queryParam("CompanyProjectId", "not-a-guid").get(ACTUAL), 400);
        refused(asRoot().queryParam("keyId", key).queryParam("Type", "SshKey").get(ACTUAL), 400);
        refused(asRoot().queryParam("keyId", UUID.randomUUID()).get(ACTUAL), 404);
        refused(asRoot().queryParam("keyId", key).queryParam("CompanyProjectId", aProject(company)).get(ACTUAL), 404);
        refused(asRoot().queryParam("keyId", key).queryParam("CompanyProjectId", UUID.randomUUID()).get(ACTUAL), 404);
        refused(asRoot().queryParam("keyId", key).queryParam("Type", "FileContentPGPKey").get(ACTUAL), 404);
    }

    @Test
    void keyCreationRevealAndActivationChangesAreAuditedWithoutTheValue() {
        OffsetDateTime from = OffsetDateTime.now(ZoneOffset.UTC).minusSeconds(5);
        UUID company = aCompany();
        UUID project = aProject(company);
        UUID key = aKey(project, "TransactionRSAKey");
        String value = valueOf(key);
        ok(asRoot().body(body("isActive", false)).put(keyPath(key)));
        ok(asRoot().body(body("isActive", true)).put(keyPath(key)));
        Response audit = Api.auditOf(company, from);
        List<Map<String, Object>> events = ok(audit).getList("entries");
        for (String action : new String[] {"ApiKeyCreated", "ApiKeyRevealed", "ApiKeyDeactivated", "ApiKeyActivated"}) {
            assertTrue(Api.audited(events, action, key), action + " missing: " + events);
        }
        events.stream().filter(e -> "ApiKeyRevealed".equals(e.get("action"))).forEach(e ->
                assertFalse(String.valueOf(e.get("details")).contains(value), "reveal details hold the value"));
        assertFalse(audit.asString().contains(value), "the audit trail holds a key value");
        assertFalse(audit.asString().contains("PRIVATE KEY"));
    }

    @Test
    void companyUsersAndOtherTenantsCannotReadOrChangeKeys() {
        UUID company = aCompany();
        Api.Member user = aMember(company, "User");
        UUID project = aProjectAssignedTo(company, user.companyUserId());
        UUID key = aKey(project, "TransactionRSAKey");
        String name = (String) entryOf(project, key).get("name");
        String member = user.token();
        String outsider = anAdminOf(aCompany()).token();
        refused(as(member).queryParam("CompanyProjectId", project).get(KEYS), 403);
        refused(as(member).queryParam("keyId", key).get(ACTUAL), 403);
        refused(as(member).body(body("name", "by user", "isActive", false)).put(keyPath(key)), 403);
        refused(as(member).body(body("companyProjectId", project, "type", "TransactionRSAKey", "name", "by user")).post(KEYS), 403);
        refused(as(outsider).queryParam("CompanyProjectId", project).get(KEYS), 404);
        refused(as(outsider).queryParam("keyId", key).get(ACTUAL), 404);
        refused(as(outsider).body(body("name", "by outsider", "isActive", false)).put(keyPath(key)), 404);
        refused(as(outsider).body(body("companyProjectId", project, "type", "TransactionRSAKey", "name", "by outsider")).post(KEYS), 404);
        assertEquals(name, entryOf(project, key).get("name"));
        assertEquals(2, activeKeysOf(project).size());
    }

    /** Each round: a fresh project with exactly two active keys, both deactivated at once, one request to each instance. */
    @Test
    void concurrentDeactivationsAcrossInstancesLeaveExactlyOneActiveKey() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        String root = Api.rootToken();
        try {
            for (int round = 0; round < 20; round++) {
                UUID project = aProject(aCompany());
                UUID first = firstKeyOf(project);
                UUID second = aKey(project, "TransactionRSAKey");
                CountDownLatch start = new CountDownLatch(1);
                List<Future<Integer>> results = new ArrayList<>();
                results.add(pool.submit(deactivation(start, as(root), first)));
                results.add(pool.submit(deactivation(start, Api.onSecondInstance(root), second)));
                start.countDown();
                List<Integer> statuses = new ArrayList<>();
                for (Future<Integer> f : results) {
                    statuses.add(f.get());
                }
                statuses.sort(null);
                assertEquals(List.of(200, 400), statuses, "round " + round);
                assertEquals(1, activeKeysOf(project).size(), "round " + round + ": " + keysOf(project));
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private static Callable<Integer> deactivation(CountDownLatch start, RequestSpecification on, UUID key) {
        return () -> {
            start.await();
            return on.body(body("isActive", false)).put(keyPath(key)).statusCode();
        };
    }
}
