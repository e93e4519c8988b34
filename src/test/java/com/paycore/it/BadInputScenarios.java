package com.paycore.it;

import static com.paycore.it.Api.asRoot;
import static com.paycore.it.Api.ok;
import static com.paycore.it.Api.refused;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;

import org.junit.jupiter.api.Test;

/**
 * Hardening items 13-19: bad input answers a short 4xx envelope and stores nothing (docs/DECISIONS.md, "Bad input").
 * The generated sweep over every operation is {@link BadInputSweepScenarios}.
 */
abstract class BadInputScenarios {

    static final int MIB = 1024 * 1024;

    /** The raw bytes as a JSON body (REST Assured would re-encode a String). */
    static RequestSpecification raw(RequestSpecification request, byte[] body) {
        return request.contentType(ContentType.JSON).body(body);
    }

    static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /** A JSON text with a string field holding bytes that are not UTF-8 (0xC3 0x28). */
    static byte[] notUtf8(String field) {
        byte[] head = utf8("{\"" + field + "\":\"ab");
        byte[] tail = utf8("\"}");
        byte[] body = new byte[head.length + 2 + tail.length];
        System.arraycopy(head, 0, body, 0, head.length);
        body[head.length] = (byte) 0xC3;
        body[head.length + 1] = (byte) 0x28;
        System.arraycopy(tail, 0, body, head.length + 2, tail.length);
        return body;
    }

    static String nested(String field, int depth) {
        return "{\"" + field + "\":" + "[".repeat(depth) + "]".repeat(depth) + "}";
    }

    /** Item 13: a number with a huge exponent is refused at once with a short message, and nothing is recorded. */
    @Test
    void amountsWithHugeExponentsAre400WithAShortMessage() {
        Cards.Shop shop = Cards.aShop();
        String token = shop.aToken("4111111111111111");
        for (String amount : new String[] {"1e-150000000", "1e-1500000000", "1E+1500000000", "1" + "0".repeat(5000)}) {
            Response r = raw(shop.pay(), utf8("{\"paymentToken\":\"" + token + "\",\"amount\":" + amount
                    + ",\"currency\":\"USD\"}")).post(shop.transactions());
            JsonBody json = refused(r, 400);
            assertTrue(json.getString("errorMessage").length() < 200, json.getString("errorMessage"));
        }
        assertEquals(0, ok(shop.pay().get(shop.transactions())).getList("entries").size(), "nothing recorded");
        UUID sale = shop.anAuthorization("4111111111111111", "10.00", false);
        refused(raw(shop.pay(), utf8("{\"amount\":1e-150000000}")).post(shop.transactions() + "/" + sale + "/capture"), 400);
        // the messages that did echo the amount: too many decimals and an unknown currency
        JsonBody decimals = refused(shop.authorize(token, "1." + "1".repeat(30), false), 400);
        assertTrue(!decimals.getString("errorMessage").contains("1111111111"), decimals.getString("errorMessage"));
        JsonBody currency = refused(shop.pay().body(Map.of("paymentToken", token, "amount", 1, "currency", "X".repeat(5000)))
                .post(shop.transactions()), 400);
        assertTrue(currency.getString("errorMessage").length() < 200, currency.getString("errorMessage"));
    }

    /** Item 14: the shape that kept a thread busy for tens of seconds is refused like any invalid address. */
    @Test
    void anOversizedEmailWithDotsBetweenAtSignsIs400() {
        String email = "a@" + ".".repeat(80_000) + "@";
        JsonBody json = refused(asRoot().body(Map.of("email", email, "password", Api.PASSWORD)).post("/api/adm/users"), 400);
        assertTrue(json.getString("errorMessage").contains("email"), json.getString("errorMessage"));
        refused(asRoot().body(Map.of("companyName", Api.unique("Co"), "contactEmail", email)).post("/api/adm/companies"), 400);
        refused(asRoot().body(Map.of("companyId", Api.aCompany(), "email", email, "roles", "User"))
                .post("/api/adm/invitations"), 400);
        assertEquals(0, ok(asRoot().queryParam("email", "@" + ".".repeat(10)).get("/api/adm/users")).getList("entries").size());
    }

    /** Item 15: over payments.http.max-body-bytes (1 MiB): 413 envelope, by Content-Length or while reading a chunked body. */
    @Test
    void aBodyOverTheLimitIs413() throws Exception {
        String name = Api.unique("Big");
        byte[] big = utf8("{\"companyName\":\"" + name + "\",\"contactPhone\":\"" + "x".repeat(MIB) + "\"}");
        refused(raw(asRoot(), big).post("/api/adm/companies"), 413);

        HttpResponse<String> chunked = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build().send(
                HttpRequest.newBuilder(URI.create(Deployments.baseUri() + "/api/adm/companies"))
                        .header("Authorization", "Bearer " + Api.rootToken())
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(big))).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(413, chunked.statusCode(), chunked.body());
        JsonBody json = JsonBody.of(chunked.body());
        assertEquals(Boolean.FALSE, json.get("success"));
        assertEquals(400, json.getInt("code"));

        assertEquals(0, ok(asRoot().queryParam("name", name).get("/api/adm/companies")).getList("entries").size());
        // just under the limit is read (and refused for what it says, not for its size)
        byte[] under = utf8("{\"companyName\":\"\",\"x\":\"" + "y".repeat(MIB - 100) + "\"}");
        refused(raw(asRoot(), under).post("/api/adm/companies"), 400);
        // the token endpoint keeps its RFC 6749 error body
        Response token = Api.anonymous().contentType(ContentType.URLENC).body("grant_type=password&username=" + "a".repeat(MIB))
                .post("/api/auth/token");
        assertEquals(413, token.statusCode(), token.asString());
        assertEquals("invalid_request", JsonBody.of(token).getString("error"));
    }

    /** Item 16: a field of the wrong JSON shape (tags as an array, a string, nested values) is 400, never 500. */
    @Test
    void aFieldOfTheWrongShapeIs400() {
        Cards.Shop shop = Cards.aShop();
        String token = shop.aToken("4111111111111111");
        for (String tags : new String[] {"[\"a\",\"b\"]", "[]", "\"vip\"", "7", "{\"a\":[1]}", "{\"a\":{\"b\":1}}", "{\"a\":1}"}) {
            refused(raw(shop.pay(), utf8("{\"paymentToken\":\"" + token + "\",\"amount\":1,\"tags\":" + tags + "}"))
                    .post(shop.transactions()), 400);
        }
        refused(raw(shop.pay(), utf8("{\"paymentToken\":\"" + token + "\",\"amount\":1,\"billingAddress\":[1]}"))
                .post(shop.transactions()), 400);
        refused(raw(shop.pay(), utf8("{\"paymentToken\":[\"" + token + "\"],\"amount\":1}")).post(shop.transactions()), 400);
        assertEquals(0, ok(shop.pay().get(shop.transactions())).getList("entries").size(), "nothing recorded");
        refused(raw(asRoot(), utf8("{\"companyProjectId\":\"" + shop.projectId() + "\",\"projectPaymentProcessorName\":\"p\","
                + "\"gateway\":1,\"paymentType\":1,\"settings\":[{\"simulatorLatencyMs\":0}]}")).post(Api.PROCESSORS), 400);
    }

    /** Item 17: array bodies on PUT, bodies that are not UTF-8 and bodies nested 5,000 deep are 400, and change nothing. */
    @Test
    void arrayBodiesInvalidUtf8AndDeepNestingAre400() {
        UUID company = Api.aCompany();
        Api.Member member = Api.aMember(company, "User");
        UUID project = Api.aProject(company);
        UUID key = PayAuthenticationScenarios.firstKeyOf(project);
        UUID processor = Api.aProcessor(project);
        String e5 = "/api/adm/companyUsers/" + member.companyUserId();
        String e6 = Api.KEYS + "/" + key;
        String e4 = Api.PROJECTS + "/" + project + "/general";
        String e9 = Api.PROJECTS + "/" + project + "/merchant";
        String processorPath = Api.PROCESSORS + "/" + processor;

        refused(raw(asRoot(), utf8("[{\"roles\":\"Admin\"}]")).put(e5), 400);
        refused(raw(asRoot(), utf8("[{\"name\":\"renamed\"}]")).put(e6), 400);
        refused(raw(asRoot(), utf8("[{\"merchantId\":\"m-1\",\"apiKey\":\"secret-value-1\"}]")).put(e9), 400);
        refused(raw(asRoot(), utf8("[{\"isActive\":false}]")).put(processorPath), 400);

        refused(raw(asRoot(), notUtf8("companyName")).post("/api/adm/companies"), 400);
        refused(raw(asRoot(), notUtf8("name")).put(e4), 400);
        refused(raw(asRoot(), notUtf8("firstName")).put(e5), 400);
        refused(raw(asRoot(), notUtf8("merchantId")).put(e9), 400);

        refused(raw(asRoot(), utf8(nested("firstName", 5_000))).put(e5), 400);
        refused(raw(asRoot(), utf8(nested("merchantId", 5_000))).put(e9), 400);
        refused(raw(asRoot(), utf8(nested("name", 65))).put(e4), 400);

        List<Map<String, Object>> members = ok(asRoot().queryParam("CompanyId", company).get("/api/adm/companyUsers"))
                .getList("entries");
        assertEquals(List.of("User"), members.stream().filter(m -> member.companyUserId().toString().equals(m.get("id")))
                .map(m -> String.valueOf(m.get("roles"))).toList(), "E5 changed nothing");
        JsonBody p = ok(asRoot().get(Api.PROJECTS + "/" + project));
        assertEquals(0, p.getInt("entry.merchant.credentialVersion"), "merchant information unchanged");
        assertEquals(Boolean.TRUE, ok(asRoot().queryParam("Id", processor).get(Api.PROCESSORS)).get("entries[0].isActive"));
    }

    /** Item 18: a required field given as null is 400 and creates nothing. */
    @Test
    void aRequiredFieldThatIsNullIs400() {
        Cards.Shop shop = Cards.aShop();
        UUID sale = shop.anAuthorization("4111111111111111", "10.00", true);
        JsonBody json = refused(raw(asRoot(), utf8("{\"transactionId\":\"" + sale + "\",\"amount\":null}"))
                .post(ChargebackScenarios.CHARGEBACKS), 400);
        assertTrue(json.getString("errorMessage").contains("amount"), json.getString("errorMessage"));
        refused(raw(asRoot(), utf8("{\"transactionId\":null,\"amount\":1}")).post(ChargebackScenarios.CHARGEBACKS), 400);
        assertEquals(List.of("Authorize", "Capture"), TransactionScenarios.types(shop.transaction(sale)), "no chargeback");
    }

    /** Item 19: every list refuses a limit above its maximum, the keystore list included. */
    @Test
    void everyListRefusesALimitOutOfRange() {
        for (String list : new String[] {"/api/adm/KeyStores", "/api/adm/users", "/api/adm/companies", "/api/adm/companyUsers",
                "/api/adm/invitations", Api.PROJECTS, Api.KEYS, Api.PROCESSORS, "/api/adm/auditEvents"}) {
            refused(asRoot().queryParam("limit", 1001).get(list), 400);
            refused(asRoot().queryParam("limit", 0).get(list), 400);
            refused(asRoot().queryParam("offset", -1).get(list), 400);
        }
        assertEquals(1, ok(asRoot().queryParam("limit", 1).get("/api/adm/KeyStores")).getList("entries").size());
        assertTrue(ok(asRoot().queryParam("Limit", 1000).get("/api/adm/KeyStores")).getList("entries").size() >= 1);
    }
}
