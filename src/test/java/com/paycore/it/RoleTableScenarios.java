package com.paycore.it;

import static com.paycore.it.Api.aCompany;
import static com.paycore.it.Api.aMember;
import static com.paycore.it.Api.aUser;
import static com.paycore.it.Api.anAdminOf;
import static com.paycore.it.Api.as;
import static com.paycore.it.CompanyScenarios.body;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.UUID;
import java.util.function.BiFunction;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import io.restassured.response.Response;

/**
 * DESIGN.md section 4's access table, row by row, for the identity endpoints: the status each kind of
 * caller gets. "Outsider" is the Admin of another company, who must learn nothing (404).
 */
abstract class RoleTableScenarios {

    /** A company with an Admin and a User, plus an outsider Admin of another company. */
    record Tenancy(UUID company, Api.Member admin, Api.Member user, Api.Member outsider) {
        static Tenancy create() {
            UUID company = aCompany();
            return new Tenancy(company, anAdminOf(company), aMember(company, "User"), anAdminOf(aCompany()));
        }
    }

    record Row(String operation, BiFunction<String, Tenancy, Response> call, int platform, int admin, int user, int outsider) {
    }

    private static final String E20 = "/api/adm/invitations/isEntryBelongsToCompany";

    private static List<Row> rows() {
        return List.of(
                new Row("E1 update user", (t, c) -> {
                    Api.Person p = aUser();
                    return as(t).body(body("email", p.email(), "lastName", "X")).put("/api/adm/users/" + p.id());
                }, 200, 403, 403, 403),
                new Row("create user", (t, c) -> as(t).body(body("email", Api.unique("u") + "@example.com"))
                        .post("/api/adm/users"), 201, 403, 403, 403),
                new Row("list users", (t, c) -> as(t).get("/api/adm/users"), 200, 403, 403, 403),
                new Row("get user", (t, c) -> as(t).get("/api/adm/users/" + c.user().person().id()), 200, 403, 403, 403),
                new Row("me", (t, c) -> as(t).get("/api/adm/users/me"), 200, 200, 200, 200),
                new Row("create company", (t, c) -> as(t).body(body("companyName", Api.unique("C")))
                        .post("/api/adm/companies"), 201, 403, 403, 403),
                new Row("list companies", (t, c) -> as(t).get("/api/adm/companies"), 200, 200, 200, 200),
                new Row("get company", (t, c) -> as(t).get("/api/adm/companies/" + c.company()), 200, 200, 200, 404),
                new Row("E8 update company", (t, c) -> as(t).body(body("companyName", Api.unique("C")))
                        .put("/api/adm/companies/" + c.company()), 200, 200, 403, 404),
                new Row("E5 update company user", (t, c) -> as(t).body(body("phoneNumber", "+1"))
                        .put("/api/adm/companyUsers/" + aMember(c.company(), "User").companyUserId()), 200, 200, 403, 404),
                new Row("add company user", (t, c) -> as(t).body(body("companyId", c.company(),
                                "userId", Api.aUserAlsoAdministeredBy(c.admin()).id()))
                        .post("/api/adm/companyUsers"), 201, 201, 403, 404),
                new Row("list company users", (t, c) -> as(t).queryParam("CompanyId", c.company())
                        .get("/api/adm/companyUsers"), 200, 200, 403, 404),
                new Row("invite", (t, c) -> as(t).body(body("companyId", c.company(), "email", Api.unique("i") + "@example.com"))
                        .post("/api/adm/invitations"), 201, 201, 403, 404),
                new Row("list invitations", (t, c) -> as(t).queryParam("CompanyId", c.company())
                        .get("/api/adm/invitations"), 200, 200, 403, 404),
                new Row("E20", (t, c) -> as(t).queryParam("CompanyId", c.company())
                        .queryParam("UserInvitationId", InvitationScenarios.invite(Api.rootToken(), c.company(), "User").id())
                        .get(E20), 200, 200, 403, 404),
                new Row("audit events", (t, c) -> as(t).queryParam("CompanyId", c.company())
                        .get("/api/adm/auditEvents"), 200, 200, 403, 404));
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
