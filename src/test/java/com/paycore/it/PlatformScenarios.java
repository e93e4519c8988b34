package com.paycore.it;

import static com.paycore.it.Api.anonymous;
import static com.paycore.it.Api.asRoot;
import static com.paycore.it.Api.ok;
import static com.paycore.it.Api.refused;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.UUID;

import org.junit.jupiter.api.Test;

/** Health, OpenAPI, metrics and the wire conventions every operation shares (DESIGN.md section 3). */
abstract class PlatformScenarios {

    @Test
    void readinessAndLivenessAreUp() {
        given().baseUri(Deployments.baseUri()).get("/health/ready").then().statusCode(200)
                .body("status", equalTo("UP"));
        given().baseUri(Deployments.baseUri()).get("/health/live").then().statusCode(200)
                .body("status", equalTo("UP"));
    }

    @Test
    void openApiDocumentsOperationsWithTheirStatuses() {
        String doc = given().baseUri(Deployments.baseUri()).get("/openapi")
                .then().statusCode(200).extract().asString();
        for (String path : new String[] {"/api/adm/users/{id}", "/api/adm/companies/{id}", "/api/adm/companyUsers/{id}",
                "/api/adm/invitations/isEntryBelongsToCompany", "/api/auth/token", "/api/adm/auditEvents"}) {
            assertTrue(doc.contains(path), path + " missing from /openapi");
        }
        assertTrue(doc.contains("\"404\"") || doc.contains("'404'"), "statuses documented");
    }

    @Test
    void metricsAreServed() {
        given().baseUri(Deployments.baseUri()).get("/metrics").then().statusCode(200);
    }

    @Test
    void successEnvelopeHasNumericCodeAndNullErrorMessage() {
        String body = asRoot().get("/api/adm/users/me").then().statusCode(200).extract().asString();
        assertTrue(body.startsWith("{\"success\":true,\"code\":200,\"errorMessage\":null"), body);
        asRoot().get("/api/adm/users/me").then().body("$", not(hasKey("entries"))).body("$", not(hasKey("id")));
    }

    @Test
    void listsCarryEntriesEvenWhenEmpty() {
        ok(asRoot().queryParam("email", "no-such-user-" + UUID.randomUUID()).get("/api/adm/users"));
        asRoot().queryParam("email", "no-such-user-" + UUID.randomUUID()).get("/api/adm/users")
                .then().body("entries.size()", equalTo(0));
    }

    @Test
    void unknownRouteIsAnEnvelope404() {
        refused(asRoot().get("/api/adm/nothing-here"), 404);
        refused(anonymous().get("/not-an-api-path"), 404);
    }

    @Test
    void malformedJsonIs400() {
        refused(asRoot().body("{\"companyName\": ").post("/api/adm/companies"), 400);
        refused(asRoot().body("[1,2").post("/api/adm/companies"), 400);
    }

    @Test
    void wrongTypeIs400NamingTheField() {
        var json = refused(asRoot().body("{\"companyName\":\"x\",\"isActive\":\"maybe\"}").post("/api/adm/companies"), 400);
        assertTrue(json.getString("errorMessage").contains("isActive"), json.getString("errorMessage"));
    }

    @Test
    void malformedIdsAre400Everywhere() {
        refused(asRoot().get("/api/adm/users/not-a-uuid"), 400);
        refused(asRoot().body("{\"email\":\"a@b.co\"}").put("/api/adm/users/123"), 400);
        refused(asRoot().queryParam("Id", "nope").get("/api/adm/companies"), 400);
    }

    @Test
    void badQueryValuesAre400() {
        refused(asRoot().queryParam("limit", "ten").get("/api/adm/users"), 400);
        refused(asRoot().queryParam("limit", 0).get("/api/adm/users"), 400);
        refused(asRoot().queryParam("limit", 1001).get("/api/adm/users"), 400);
        refused(asRoot().queryParam("offset", -1).get("/api/adm/users"), 400);
        ok(asRoot().queryParam("limit", 1000).get("/api/adm/users"));
    }

    @Test
    void queryParameterNamesAreCaseInsensitive() {
        UUID company = Api.aCompany();
        assertEquals(1, ok(asRoot().queryParam("id", company).get("/api/adm/companies")).getList("entries").size());
        assertEquals(1, ok(asRoot().queryParam("ID", company).get("/api/adm/companies")).getList("entries").size());
        assertEquals(company.toString(),
                ok(asRoot().queryParam("Id", company).get("/api/adm/companies")).getString("entries[0].id"));
    }

    @Test
    void wrongMediaTypeAndMethodAreEnvelopes() {
        refused(asRoot().contentType("text/plain").body("hello").post("/api/adm/companies"), 415);
        refused(asRoot().delete("/api/adm/users"), 405);
    }

    @Test
    void everyResponseCarriesARequestId() {
        String id = asRoot().header("X-Request-Id", "trace-123").get("/api/adm/users/me").header("X-Request-Id");
        assertEquals("trace-123", id);
        assertTrue(anonymous().get("/api/adm/users/me").header("X-Request-Id").length() > 8);
    }
}
