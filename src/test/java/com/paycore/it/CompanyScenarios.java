package com.paycore.it;

import static com.paycore.it.Api.aCompany;
import static com.paycore.it.Api.aMember;
import static com.paycore.it.Api.anAdminOf;
import static com.paycore.it.Api.as;
import static com.paycore.it.Api.asRoot;
import static com.paycore.it.Api.ok;
import static com.paycore.it.Api.refused;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

/** Companies: create, list, get and E8, with tenancy and roles. */
abstract class CompanyScenarios {

    static Map<String, Object> body(Object... pairs) {
        Map<String, Object> m = new HashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            m.put((String) pairs[i], pairs[i + 1]);
        }
        return m;
    }

    @Test
    void createAcceptsEitherNameAndAnswersBoth() {
        String name = Api.unique("Acme");
        UUID id = Api.created(asRoot().body(body("name", name, "contactEmail", "ops@acme.test")).post("/api/adm/companies"));
        var entry = ok(asRoot().get("/api/adm/companies/" + id));
        assertEquals(name, entry.getString("entry.companyName"));
        assertEquals(name, entry.getString("entry.name"));
        assertEquals("ops@acme.test", entry.getString("entry.contactEmail"));
        assertTrue(entry.getBoolean("entry.isActive"));
    }

    @Test
    void createRefusesMissingLongDuplicateAndConflictingNames() {
        refused(asRoot().body(body("contactEmail", "a@b.co")).post("/api/adm/companies"), 400);
        refused(asRoot().body(body("companyName", "c".repeat(51))).post("/api/adm/companies"), 400);
        String name = Api.unique("Dup");
        Api.created(asRoot().body(body("companyName", name)).post("/api/adm/companies"));
        refused(asRoot().body(body("companyName", name.toUpperCase())).post("/api/adm/companies"), 400);
        refused(asRoot().body(body("companyName", "One", "name", "Two")).post("/api/adm/companies"), 400);
    }

    @Test
    void updateChangesOnlySuppliedFields() {
        UUID id = Api.created(asRoot().body(body("companyName", Api.unique("Keep"), "contactEmail", "keep@co.test",
                "contactPhone", "+1 555")).post("/api/adm/companies"));
        String renamed = Api.unique("Renamed");
        ok(asRoot().body(body("id", id, "companyName", renamed)).put("/api/adm/companies/" + id));
        var entry = ok(asRoot().get("/api/adm/companies/" + id));
        assertEquals(renamed, entry.getString("entry.companyName"));
        assertEquals("keep@co.test", entry.getString("entry.contactEmail"));
        assertEquals("+1 555", entry.getString("entry.contactPhone"));
        ok(asRoot().body(body("name", renamed, "contactPhone", "+44 20")).put("/api/adm/companies/" + id));
        assertEquals("+44 20", ok(asRoot().get("/api/adm/companies/" + id)).getString("entry.contactPhone"));
    }

    /** Updates racing on one company: each wins or answers 409 (the row's version moved on), never a 500. */
    @Test
    void concurrentUpdatesOfOneCompanyAnswer200Or409() throws Exception {
        UUID id = aCompany();
        String path = "/api/adm/companies/" + id;
        List<Integer> statuses = Parallel.run(8, i -> asRoot()
                .body(body("companyName", Api.unique("Race" + i), "contactPhone", "+1 555 010" + i)).put(path).statusCode());
        assertTrue(statuses.stream().allMatch(s -> s == 200 || s == 409), "statuses " + statuses);
        assertTrue(statuses.contains(200), "statuses " + statuses);
        ok(asRoot().get(path));
    }

    @Test
    void updateRefusesValidationFailures() {
        UUID id = aCompany();
        String path = "/api/adm/companies/" + id;
        refused(asRoot().body(body("contactEmail", "x@y.co")).put(path), 400);
        refused(asRoot().body(body("companyName", "n".repeat(51))).put(path), 400);
        refused(asRoot().body(body("companyName", "ok", "contactEmail", "not-an-email")).put(path), 400);
        refused(asRoot().body(body("companyName", "ok", "isActive", "sometimes")).put(path), 400);
        refused(asRoot().body(body("id", UUID.randomUUID(), "companyName", "ok")).put(path), 400);
        UUID other = Api.created(asRoot().body(body("companyName", Api.unique("Other"))).post("/api/adm/companies"));
        String otherName = ok(asRoot().get("/api/adm/companies/" + other)).getString("entry.companyName");
        refused(asRoot().body(body("companyName", otherName)).put(path), 400);
    }

    @Test
    void updateOfAMissingCompanyIs404() {
        refused(asRoot().body(body("companyName", "Ghost")).put("/api/adm/companies/" + UUID.randomUUID()), 404);
        refused(asRoot().get("/api/adm/companies/" + UUID.randomUUID()), 404);
    }

    @Test
    void companyAdminEditsOwnCompanyButNotItsActivation() {
        UUID id = aCompany();
        Api.Member admin = anAdminOf(id);
        String token = admin.token();
        ok(as(token).body(body("companyName", Api.unique("ByAdmin"))).put("/api/adm/companies/" + id));
        refused(as(token).body(body("companyName", Api.unique("X"), "isActive", false)).put("/api/adm/companies/" + id), 403);
        assertTrue(ok(asRoot().get("/api/adm/companies/" + id)).getBoolean("entry.isActive"));
    }

    @Test
    void companyUserCannotEditTheCompany() {
        UUID id = aCompany();
        Api.Member user = aMember(id, "User");
        refused(as(user.token()).body(body("companyName", Api.unique("Nope"))).put("/api/adm/companies/" + id), 403);
        ok(as(user.token()).get("/api/adm/companies/" + id));
    }

    @Test
    void anotherCompanysAdminGets404() {
        UUID mine = aCompany();
        UUID theirs = aCompany();
        String token = anAdminOf(mine).token();
        refused(as(token).body(body("companyName", Api.unique("Takeover"))).put("/api/adm/companies/" + theirs), 404);
        refused(as(token).get("/api/adm/companies/" + theirs), 404);
    }

    @Test
    void listShowsOwnCompaniesOnlyToNonPlatformUsers() {
        UUID mine = aCompany();
        UUID theirs = aCompany();
        String token = aMember(mine, "User").token();
        List<String> ids = ok(as(token).queryParam("limit", 1000).get("/api/adm/companies")).getList("entries.id");
        assertEquals(List.of(mine.toString()), ids);
        assertFalse(ids.contains(theirs.toString()));
        assertEquals(1, ok(asRoot().queryParam("Id", theirs).get("/api/adm/companies")).getList("entries").size());
    }

    @Test
    void listFiltersByNameCaseInsensitivelyAndPages() {
        String stem = Api.unique("Zeta");
        for (int i = 0; i < 3; i++) {
            Api.created(asRoot().body(body("companyName", stem + "-" + i)).post("/api/adm/companies"));
        }
        var all = ok(asRoot().queryParam("name", stem.toUpperCase()).get("/api/adm/companies"));
        assertEquals(List.of(stem + "-0", stem + "-1", stem + "-2"), all.getList("entries.companyName"));
        var page = ok(asRoot().queryParam("name", stem).queryParam("limit", 1).queryParam("offset", 1).get("/api/adm/companies"));
        assertEquals(List.of(stem + "-1"), page.getList("entries.companyName"));
        assertEquals(0, ok(asRoot().queryParam("name", "100%_" + stem).get("/api/adm/companies")).getList("entries").size());
    }

    @Test
    void onlyPlatformAdministratorsCreateCompanies() {
        String token = anAdminOf(aCompany()).token();
        refused(as(token).body(body("companyName", Api.unique("Mine"))).post("/api/adm/companies"), 403);
    }

    @Test
    void deactivatedCompanyIsClosedToItsUsersButNotToPlatformAdministrators() {
        UUID id = aCompany();
        Api.Member admin = anAdminOf(id);
        String token = admin.token();
        ok(as(token).get("/api/adm/companies/" + id));
        String name = ok(asRoot().get("/api/adm/companies/" + id)).getString("entry.companyName");
        ok(asRoot().body(body("companyName", name, "isActive", false)).put("/api/adm/companies/" + id));
        refused(as(token).get("/api/adm/companies/" + id), 403);
        refused(as(token).queryParam("CompanyId", id).get("/api/adm/companyUsers"), 403);
        ok(as(token).get("/api/adm/users/me"));
        ok(asRoot().get("/api/adm/companies/" + id));
        ok(asRoot().body(body("companyName", name, "isActive", true)).put("/api/adm/companies/" + id));
        ok(as(token).get("/api/adm/companies/" + id));
    }

    /**
     * The lists that default to "every company the caller administers" (company users, invitations,
     * audit events) and the company list leave out deactivated companies, as the company's own resources do (403).
     */
    @Test
    void listsWithoutCompanyIdLeaveOutDeactivatedCompanies() {
        UUID open = aCompany();
        UUID closed = aCompany();
        Api.Member admin = anAdminOf(open);
        Api.join(closed, admin.person(), "Admin");
        aMember(closed, "User");
        InvitationScenarios.invite(Api.rootToken(), closed, "User");
        InvitationScenarios.invite(Api.rootToken(), open, "User");
        String token = admin.token();
        assertTrue(companyIdsIn(token, "/api/adm/invitations").contains(closed.toString()), "visible while active");
        deactivate(closed);
        for (String list : List.of("/api/adm/companyUsers", "/api/adm/invitations", "/api/adm/auditEvents")) {
            List<String> companies = companyIdsIn(token, list);
            assertTrue(companies.contains(open.toString()), list + ": " + companies);
            assertFalse(companies.contains(closed.toString()), list + " shows the deactivated company: " + companies);
        }
        assertEquals(List.of(open.toString()), ok(as(token).queryParam("limit", 1000).get("/api/adm/companies"))
                .getList("entries.id"));

        // An Admin of deactivated companies only administers none: 403, as for a company User.
        UUID only = aCompany();
        Api.Member onlyAdmin = anAdminOf(only);
        deactivate(only);
        String onlyToken = onlyAdmin.token();
        refused(as(onlyToken).get("/api/adm/companyUsers"), 403);
        refused(as(onlyToken).get("/api/adm/invitations"), 403);
        refused(as(onlyToken).get("/api/adm/auditEvents"), 403);
        assertEquals(List.of(), ok(as(onlyToken).get("/api/adm/companies")).getList("entries"));
    }

    private static List<String> companyIdsIn(String token, String list) {
        return ok(as(token).queryParam("limit", 1000).get(list)).getList("entries.companyId");
    }

    private static void deactivate(UUID company) {
        String name = ok(asRoot().get("/api/adm/companies/" + company)).getString("entry.companyName");
        ok(asRoot().body(body("companyName", name, "isActive", false)).put("/api/adm/companies/" + company));
    }
}
