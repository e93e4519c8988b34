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

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.UUID;

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
}
