package com.paycore.it;

import static com.paycore.it.Api.aCompany;
import static com.paycore.it.Api.aKey;
import static com.paycore.it.Api.aProject;
import static com.paycore.it.Api.asRoot;
import static com.paycore.it.Api.keysOf;
import static com.paycore.it.Api.ok;
import static com.paycore.it.Api.refused;
import static com.paycore.it.CompanyScenarios.body;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;

import org.junit.jupiter.api.Test;

import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;

/** Project API keys on /api/pay/{projectId}: the value E12 reveals authenticates, and nothing else does. */
abstract class PayAuthenticationScenarios {

    static String valueOf(UUID keyId) {
        return ok(asRoot().queryParam("keyId", keyId).get("/api/adm/companyProjectKeys/actual")).getString("entry.keyValue");
    }

    static UUID firstKeyOf(UUID projectId) {
        return UUID.fromString((String) keysOf(projectId).get(0).get("id"));
    }

    private static RequestSpecification pay() {
        return given().baseUri(Deployments.baseUri()).accept(ContentType.JSON);
    }

    @Test
    void theRevealedValueAuthenticatesItsProjectByEitherHeader() {
        UUID project = aProject(aCompany());
        UUID keyId = firstKeyOf(project);
        String value = valueOf(keyId);
        var entry = ok(pay().header("X-API-Key", value).get("/api/pay/" + project));
        assertEquals(project.toString(), entry.getString("entry.projectId"));
        assertEquals(keyId.toString(), entry.getString("entry.keyId"));
        ok(pay().header("Authorization", "Bearer " + value).get("/api/pay/" + project));
    }

    @Test
    void missingUnknownAndForeignKeysAre401() {
        UUID project = aProject(aCompany());
        UUID other = aProject(aCompany());
        String otherValue = valueOf(firstKeyOf(other));
        refused(pay().get("/api/pay/" + project), 401);
        refused(pay().header("X-API-Key", "pk_made_up_value_that_is_long_enough_000000").get("/api/pay/" + project), 401);
        refused(pay().header("X-API-Key", otherValue).get("/api/pay/" + project), 401);
        refused(pay().header("Authorization", "Bearer " + Api.rootToken()).get("/api/pay/" + project), 401);
        refused(pay().header("X-API-Key", otherValue).get("/api/pay/not-a-uuid"), 400);
    }

    @Test
    void aDeactivatedOrExpiredKeyStopsAtOnce() {
        UUID project = aProject(aCompany());
        UUID first = firstKeyOf(project);
        UUID second = aKey(project, "TransactionRSAKey");
        String firstValue = valueOf(first);
        String secondValue = valueOf(second);
        ok(pay().header("X-API-Key", firstValue).get("/api/pay/" + project));
        ok(asRoot().body(body("isActive", false)).put("/api/adm/companyProjectKeys/" + first));
        refused(pay().header("X-API-Key", firstValue).get("/api/pay/" + project), 401);
        refused(given().baseUri(SecondInstance.baseUri()).header("X-API-Key", firstValue).get("/api/pay/" + project), 401);
        ok(asRoot().body(body("isActive", true)).put("/api/adm/companyProjectKeys/" + first));
        ok(pay().header("X-API-Key", firstValue).get("/api/pay/" + project));
        String past = OffsetDateTime.now(ZoneOffset.UTC).minusMinutes(1).toString();
        ok(asRoot().body(body("expirationDate", past)).put("/api/adm/companyProjectKeys/" + second));
        refused(pay().header("X-API-Key", secondValue).get("/api/pay/" + project), 401);
    }

    @Test
    void keysOfAnInactiveProjectStillAuthenticateReads() {
        UUID company = aCompany();
        UUID project = aProject(company);
        String value = valueOf(firstKeyOf(project));
        String name = ok(asRoot().get("/api/adm/companyProjects/" + project)).getString("entry.projectName");
        ok(asRoot().body(body("projectName", name, "isActive", false)).put("/api/adm/companyProjects/" + project + "/general"));
        var entry = ok(pay().header("X-API-Key", value).get("/api/pay/" + project));
        assertEquals(false, entry.getBoolean("entry.isActive"));
    }

    /**
     * E16 by id checks the key in its own statement (KeyCheckedByRead): the same refusals as every other route, in
     * the same order (401 before any 400 of the route's own), and a transaction of another project stays unseen.
     */
    @Test
    void e16ByIdChecksTheKeyInItsOwnStatementWithTheSameRefusalsInTheSameOrder() {
        Cards.Shop shop = Cards.aShop();
        Cards.Shop other = Cards.aShop();
        UUID id = shop.anAuthorization("4111111111111111", "12.00", false);
        String path = shop.transactions();
        assertEquals(id.toString(), ok(shop.pay().queryParam("id", id).get(path)).getString("entries[0].id"));
        assertEquals(0, ok(other.pay().queryParam("id", id).get(other.transactions())).getList("entries").size());
        refused(pay().queryParam("id", id).get(path), 401);
        refused(pay().header("X-API-Key", "pk_made_up_value_that_is_long_enough_000000").queryParam("id", id).get(path), 401);
        refused(pay().header("X-API-Key", other.key()).queryParam("id", id).get(path), 401);
        refused(pay().header("Authorization", "Bearer " + Api.rootToken()).queryParam("id", id).get(path), 401);
        // The route's own refusals come after the key's: a bad key with a bad query is 401, a good key's is 400.
        refused(pay().header("X-API-Key", other.key()).queryParam("id", id).queryParam("limit", 1001).get(path), 401);
        refused(pay().header("X-API-Key", other.key()).queryParam("id", "123").get(path), 401);
        refused(pay().header("X-API-Key", other.key()).queryParam("id", id).queryParam("status", "Sunny").get(path), 401);
        refused(shop.pay().queryParam("id", id).queryParam("limit", 1001).get(path), 400);
        refused(shop.pay().queryParam("id", "123").get(path), 400);
        refused(shop.pay().queryParam("id", id).queryParam("status", "Sunny").get(path), 400);
        // Without an id the list reads after the same check.
        refused(pay().header("X-API-Key", other.key()).get(path), 401);
        assertEquals(1, ok(shop.pay().get(path)).getList("entries").size());
        // A deactivation bites on the next request, on this instance and the other.
        UUID second = aKey(shop.projectId(), "TransactionRSAKey");
        ok(asRoot().body(body("isActive", false)).put("/api/adm/companyProjectKeys/" + shop.keyId()));
        refused(shop.pay().queryParam("id", id).get(path), 401);
        refused(shop.paySecond().queryParam("id", id).get(path), 401);
        String secondValue = valueOf(second);
        assertEquals(id.toString(), ok(pay().header("X-API-Key", secondValue).queryParam("id", id).get(path))
                .getString("entries[0].id"));
    }

    /**
     * Authorize: the key filter's refusal comes before any 400 of the body's, the body's refusals keep their order, a
     * refused key leaves no transaction and no Idempotency-Key claim, a token of another project is unknown, and a
     * deactivation bites on the next request on either instance.
     */
    @Test
    void authorizeRefusesABadKeyBeforeItsBodyWithTheSameRefusalsInTheSameOrderAndWritesNothingWhenRefused() {
        Cards.Shop shop = Cards.aShop();
        Cards.Shop other = Cards.aShop();
        var tokenized = shop.tokenize(Cards.body("4111111111111111", "123"));
        UUID tokenId = Api.created(tokenized);
        String token = JsonBody.of(tokenized).getString("paymentToken");
        String path = shop.transactions();
        Function<Object, Map<String, Object>> payment = named -> {
            Map<String, Object> request = new HashMap<>();
            request.put("paymentToken", named);
            request.put("amount", new BigDecimal("5.00"));
            request.put("currency", "USD");
            return request;
        };
        var good = payment.apply(token);
        var badCurrency = new HashMap<>(good);
        badCurrency.put("currency", "XXQ");
        var blank = payment.apply(" ");
        RequestSpecification noKey = pay().contentType(ContentType.JSON);
        for (RequestSpecification refusedKey : List.of(noKey,
                pay().contentType(ContentType.JSON).header("X-API-Key", "pk_made_up_value_that_is_long_enough_000000"),
                pay().contentType(ContentType.JSON).header("X-API-Key", other.key()),
                pay().contentType(ContentType.JSON).header("Authorization", "Bearer " + Api.rootToken()))) {
            for (Object body : List.of(good, badCurrency, blank, payment.apply(null), "{\"amount\": ")) {
                refused(refusedKey.body(body).post(path), 401);
            }
            // with an Idempotency-Key too: refused before any claim
            refused(refusedKey.header("Idempotency-Key", "auth-" + shop.projectId()).body(good).post(path), 401);
        }
        assertEquals(0, ok(shop.pay().get(path)).getList("entries").size(), "a refused key wrote no transaction");
        // The body's own refusals with a good key, in their order (currency, amount, then the token); nothing written.
        refused(shop.pay().body(badCurrency).post(path), 400);
        refused(shop.pay().body(blank).post(path), 400);
        var badAll = payment.apply("tok_not_a_token");
        badAll.put("amount", BigDecimal.ZERO);
        var badCurrencyFirst = new HashMap<>(badAll);
        badCurrencyFirst.put("currency", "XXQ");
        assertTrue(refused(shop.pay().body(badCurrencyFirst).post(path), 400).getString("errorMessage")
                .startsWith("currency:"));
        assertTrue(refused(shop.pay().body(badAll).post(path), 400).getString("errorMessage").startsWith("amount:"));
        String unknown = "Unknown payment token";
        assertTrue(refused(shop.pay().body(payment.apply(other.aToken("4111111111111111"))).post(path), 400)
                .getString("errorMessage").startsWith(unknown), "another project's token is unknown");
        assertTrue(refused(shop.pay().body(payment.apply("tok_not_a_token")).post(path), 400)
                .getString("errorMessage").startsWith(unknown));
        assertTrue(refused(shop.pay().body(payment.apply("not-a-token")).post(path), 400)
                .getString("errorMessage").startsWith(unknown));
        assertEquals(0, ok(shop.pay().get(path)).getList("entries").size());
        // The good key: by the token's value, by its id, and under the Idempotency-Key the refused requests did not claim
        // (the key filter checked the key before the claim).
        UUID first = Api.created(shop.pay().body(good).post(path));
        UUID byId = Api.created(shop.pay().body(payment.apply(tokenId.toString())).post(path));
        var keyed = shop.pay().header("Idempotency-Key", "auth-" + shop.projectId()).body(good).post(path);
        UUID claimed = Api.created(keyed);
        var replay = shop.pay().header("Idempotency-Key", "auth-" + shop.projectId()).body(good).post(path);
        assertEquals(claimed, Api.created(replay));
        assertEquals("true", replay.getHeader("Idempotent-Replayed"));
        assertEquals(Set.of(first.toString(), byId.toString(), claimed.toString()),
                Set.copyOf(ok(shop.pay().get(path)).getList("entries.id", String.class)));
        // A deactivation bites on the next request, on this instance and the other; the project's other key goes on.
        String secondValue = valueOf(aKey(shop.projectId(), "TransactionRSAKey"));
        ok(asRoot().body(body("isActive", false)).put("/api/adm/companyProjectKeys/" + shop.keyId()));
        refused(shop.pay().body(good).post(path), 401);
        refused(shop.paySecond().body(good).post(path), 401);
        Api.created(pay().contentType(ContentType.JSON).header("X-API-Key", secondValue).body(good).post(path));
        // After the key: the project's state and its processor come before the body's refusals.
        UUID company = aCompany();
        UUID project = aProject(company);
        UUID processor = Api.aProcessor(project);
        UUID projectKey = firstKeyOf(project);
        Cards.Shop noProcessor = new Cards.Shop(company, project, projectKey, valueOf(projectKey));
        ok(asRoot().body(body("isActive", false)).put(Api.PROCESSORS + "/" + processor));
        assertTrue(refused(noProcessor.pay().body(badCurrencyFirst).post(noProcessor.transactions()), 400)
                .getString("errorMessage").contains("no active payment processor"));
        String name = ok(asRoot().get("/api/adm/companyProjects/" + shop.projectId())).getString("entry.projectName");
        ok(asRoot().body(body("projectName", name, "isActive", false)).put("/api/adm/companyProjects/" + shop.projectId()
                + "/general"));
        assertTrue(refused(pay().contentType(ContentType.JSON).header("X-API-Key", secondValue).body(badCurrencyFirst)
                .post(path), 400).getString("errorMessage").startsWith("The project cannot take"));
    }
}
