package com.paycore.it;

import static com.paycore.it.Api.KEYS;
import static com.paycore.it.Api.PROCESSORS;
import static com.paycore.it.Api.PROJECTS;
import static com.paycore.it.Api.aCompany;
import static com.paycore.it.Api.aKey;
import static com.paycore.it.Api.aMember;
import static com.paycore.it.Api.aProcessor;
import static com.paycore.it.Api.aProjectAssignedTo;
import static com.paycore.it.Api.anAdminOf;
import static com.paycore.it.Api.as;
import static com.paycore.it.CompanyScenarios.body;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.BiFunction;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import io.restassured.response.Response;

/**
 * DESIGN.md section 4's access table for projects, API keys and payment processors: the status each kind of
 * caller gets. "User" is a company User assigned to the project; "outsider" is the Admin of another company,
 * who must learn nothing (404).
 */
abstract class ProjectRoleTableScenarios {

    /**
     * A company with an Admin and a User, a project assigned to that User with two active keys (its first one
     * and {@code key}) and one active processor, plus an outsider Admin of another company.
     */
    record Tenancy(UUID company, Api.Member admin, Api.Member user, Api.Member outsider, UUID project, UUID key, UUID processor) {
        static Tenancy create() {
            UUID company = aCompany();
            Api.Member admin = anAdminOf(company);
            Api.Member user = aMember(company, "User");
            UUID project = aProjectAssignedTo(company, user.companyUserId());
            return new Tenancy(company, admin, user, anAdminOf(aCompany()), project, aKey(project, "TransactionRSAKey"),
                    aProcessor(project));
        }
    }

    record Row(String operation, BiFunction<String, Tenancy, Response> call, int platform, int admin, int user, int outsider) {
    }

    private static Map<String, Object> processorBody(Tenancy c, String name) {
        return body("companyProjectId", c.project(), "projectPaymentProcessorName", name, "gateway", 1, "paymentType", 1,
                "isActive", true, "settings", Map.of("simulatorLatencyMs", 0));
    }

    private static List<Row> rows() {
        return List.of(
                new Row("E7 create project", (t, c) -> as(t).body(body("companyId", c.company(), "projectName", Api.unique("P")))
                        .post(PROJECTS), 201, 201, 403, 404),
                new Row("E11 list projects of the company", (t, c) -> as(t).queryParam("CompanyId", c.company())
                        .get(PROJECTS), 200, 200, 200, 404),
                new Row("get project", (t, c) -> as(t).get(PROJECTS + "/" + c.project()), 200, 200, 200, 404),
                new Row("E4 update general", (t, c) -> as(t).body(body("projectName", Api.unique("P"), "description", "changed"))
                        .put(PROJECTS + "/" + c.project() + "/general"), 200, 200, 403, 404),
                new Row("E9 update merchant", (t, c) -> as(t).body(body("merchantPhone", "+1 555 0123", "comments", "changed"))
                        .put(PROJECTS + "/" + c.project() + "/merchant"), 200, 200, 403, 404),
                new Row("assign project users", (t, c) -> as(t).body(body("companyUserIds", List.of(c.user().companyUserId())))
                        .put(PROJECTS + "/" + c.project() + "/users"), 200, 200, 403, 404),
                new Row("create key", (t, c) -> as(t).body(body("companyProjectId", c.project(), "type", "TransactionRSAKey",
                        "name", Api.unique("k"))).post(KEYS), 201, 201, 403, 404),
                new Row("list keys", (t, c) -> as(t).queryParam("CompanyProjectId", c.project()).get(KEYS), 200, 200, 403, 404),
                new Row("E6 update key", (t, c) -> as(t).body(body("name", Api.unique("renamed")))
                        .put(KEYS + "/" + c.key()), 200, 200, 403, 404),
                new Row("E12 reveal key", (t, c) -> as(t).queryParam("keyId", c.key()).get(KEYS + "/actual"), 200, 200, 403, 404),
                new Row("create processor", (t, c) -> as(t).body(processorBody(c, Api.unique("Sim"))).post(PROCESSORS),
                        201, 201, 403, 404),
                new Row("E15 list processors of the project", (t, c) -> as(t).queryParam("CompanyProjectId", c.project())
                        .get(PROCESSORS), 200, 200, 200, 404),
                new Row("update processor", (t, c) -> {
                    Map<String, Object> b = processorBody(c, Api.unique("Renamed"));
                    b.put("id", c.processor());
                    return as(t).body(b).put(PROCESSORS + "/" + c.processor());
                }, 200, 200, 403, 404),
                new Row("E19 delete processor", (t, c) -> {
                    // a fresh active processor each time, so the project always keeps another active one
                    UUID doomed = aProcessor(c.project());
                    return as(t).delete(PROCESSORS + "/" + doomed);
                }, 200, 200, 403, 404));
    }

    @TestFactory
    Stream<DynamicTest> accessTable() {
        return rows().stream().map(row -> DynamicTest.dynamicTest(row.operation(), () -> {
            Tenancy t = Tenancy.create();
            Api.Person platform = Api.aPlatformAdmin();
            assertEquals(row.platform(), row.call().apply(platform.token(), t).statusCode(), row.operation() + " as PlatformAdmin");
            assertEquals(row.admin(), row.call().apply(t.admin().token(), t).statusCode(), row.operation() + " as company Admin");
            assertEquals(row.user(), row.call().apply(t.user().token(), t).statusCode(), row.operation() + " as company User");
            assertEquals(row.outsider(), row.call().apply(t.outsider().token(), t).statusCode(), row.operation() + " as another company's Admin");
        }));
    }
}
