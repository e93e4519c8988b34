package com.paycore.it;

import static com.paycore.it.Api.aCompany;
import static com.paycore.it.Api.aMember;
import static com.paycore.it.Api.aUser;
import static com.paycore.it.Api.anAdminOf;
import static com.paycore.it.Api.as;
import static com.paycore.it.Api.asRoot;
import static com.paycore.it.Api.ok;
import static com.paycore.it.Api.refused;
import static com.paycore.it.CompanyScenarios.body;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;

import io.restassured.specification.RequestSpecification;

/** Company users: add, list, E5, and the last-Admin invariant, also under concurrent requests. */
abstract class CompanyUserScenarios {

    private static String path(UUID companyUserId) {
        return "/api/adm/companyUsers/" + companyUserId;
    }

    @Test
    void addAndListMembersWithTheirRoles() {
        UUID company = aCompany();
        Api.Member admin = anAdminOf(company);
        Api.Person person = Api.aUserAlsoAdministeredBy(admin);
        UUID member = Api.created(as(admin.token()).body(body("companyId", company, "userId", person.id(), "role", "Member",
                "firstName", "Mem")).post("/api/adm/companyUsers"));
        var list = ok(as(admin.token()).queryParam("companyId", company).get("/api/adm/companyUsers"));
        assertEquals(2, list.getList("entries").size());
        var entry = ok(asRoot().queryParam("CompanyId", company).queryParam("UserId", person.id()).get("/api/adm/companyUsers"));
        assertEquals(member.toString(), entry.getString("entries[0].id"));
        assertEquals("User", entry.getString("entries[0].roles"));
        assertEquals(person.email(), entry.getString("entries[0].email"));
        assertEquals("Mem", entry.getString("entries[0].firstName"));
    }

    @Test
    void addRefusesDuplicatesUnknownRolesAndMissingUsers() {
        UUID company = aCompany();
        Api.Member member = aMember(company, "User");
        refused(asRoot().body(body("companyId", company, "userId", member.person().id())).post("/api/adm/companyUsers"), 400);
        refused(asRoot().body(body("companyId", company, "userId", aUser().id(), "roles", "Owner")).post("/api/adm/companyUsers"), 400);
        refused(asRoot().body(body("companyId", company, "userId", UUID.randomUUID())).post("/api/adm/companyUsers"), 404);
        refused(asRoot().body(body("companyId", UUID.randomUUID(), "userId", aUser().id())).post("/api/adm/companyUsers"), 404);
        refused(asRoot().body(body("userId", aUser().id())).post("/api/adm/companyUsers"), 400);
    }

    /**
     * A company Admin adds only users who already belong to a company he administers (an active one,
     * as an active Admin); any other user answers exactly as an unknown id. Platform administrators add anyone.
     */
    @Test
    void companyAdminsAddOnlyUsersOfCompaniesTheyAdminister() {
        UUID company = aCompany();
        Api.Member admin = anAdminOf(company);
        String token = admin.token();
        String add = "/api/adm/companyUsers";
        var unknown = refused(as(token).body(body("companyId", company, "userId", UUID.randomUUID())).post(add), 404);
        Api.Person stranger = aUser();
        var foreign = refused(as(token).body(body("companyId", company, "userId", stranger.id())).post(add), 404);
        assertEquals(unknown.getString("errorMessage"), foreign.getString("errorMessage"), "must not reveal the id exists");
        Api.Person elsewhere = aMember(aCompany(), "Admin").person();
        refused(as(token).body(body("companyId", company, "userId", elsewhere.id())).post(add), 404);
        // Only a User (not an Admin) of the other company: its members are still out of reach.
        UUID merelyMember = aCompany();
        Api.join(merelyMember, admin.person(), "User");
        refused(as(token).body(body("companyId", company, "userId", aMember(merelyMember, "User").person().id())).post(add), 404);
        // An Admin of a deactivated company no longer administers it.
        UUID closed = aCompany();
        Api.join(closed, admin.person(), "Admin");
        Api.Person ofClosed = aMember(closed, "User").person();
        String closedName = ok(asRoot().get("/api/adm/companies/" + closed)).getString("entry.companyName");
        ok(asRoot().body(body("companyName", closedName, "isActive", false)).put("/api/adm/companies/" + closed));
        refused(as(token).body(body("companyId", company, "userId", ofClosed.id())).post(add), 404);
        List<String> emails = ok(as(token).queryParam("CompanyId", company).get(add)).getList("entries.email");
        assertFalse(emails.contains(stranger.email()), "nothing was added");
        Api.created(as(token).body(body("companyId", company, "userId", Api.aUserAlsoAdministeredBy(admin).id())).post(add));
        Api.created(asRoot().body(body("companyId", company, "userId", stranger.id())).post(add));
    }

    @Test
    void roleChangeAppliesAtOnce() {
        UUID company = aCompany();
        anAdminOf(company);
        Api.Member user = aMember(company, "User");
        String token = user.token();
        refused(as(token).queryParam("CompanyId", company).get("/api/adm/companyUsers"), 403);
        ok(asRoot().body(body("id", user.companyUserId(), "roles", "Admin")).put(path(user.companyUserId())));
        ok(as(token).queryParam("CompanyId", company).get("/api/adm/companyUsers"));
        ok(asRoot().body(body("role", "Member")).put(path(user.companyUserId())));
        refused(as(token).queryParam("CompanyId", company).get("/api/adm/companyUsers"), 403);
    }

    @Test
    void updateChangesProfileFieldsAndKeepsTheRest() {
        UUID company = aCompany();
        Api.Member user = aMember(company, "User");
        ok(asRoot().body(body("firstName", "New", "phoneNumber", "+1 555 0199")).put(path(user.companyUserId())));
        var entry = ok(asRoot().queryParam("CompanyId", company).queryParam("UserId", user.person().id()).get("/api/adm/companyUsers"));
        assertEquals("New", entry.getString("entries[0].firstName"));
        assertEquals("+1 555 0199", entry.getString("entries[0].phoneNumber"));
        assertEquals("User", entry.getString("entries[0].roles"));
    }

    @Test
    void updateRefusesEmailMovesConflictsAndBadValues() {
        UUID company = aCompany();
        Api.Member user = aMember(company, "User");
        String p = path(user.companyUserId());
        refused(asRoot().body(body("email", "new@example.com")).put(p), 400);
        refused(asRoot().body(body("companyId", aCompany())).put(p), 400);
        refused(asRoot().body(body("userId", UUID.randomUUID())).put(p), 400);
        refused(asRoot().body(body("roles", "Admin", "role", "User")).put(p), 400);
        refused(asRoot().body(body("roles", "Superuser")).put(p), 400);
        refused(asRoot().body(body("firstName", "x".repeat(151))).put(p), 400);
        refused(asRoot().body(body("id", UUID.randomUUID(), "roles", "User")).put(p), 400);
        refused(asRoot().body(body("roles", "User")).put(path(UUID.randomUUID())), 404);
    }

    @Test
    void theLastAdminCannotBeDemotedOrDeactivated() {
        UUID company = aCompany();
        Api.Member admin = anAdminOf(company);
        refused(asRoot().body(body("roles", "User")).put(path(admin.companyUserId())), 400);
        refused(asRoot().body(body("roles", "None")).put(path(admin.companyUserId())), 400);
        refused(asRoot().body(body("isActive", false)).put(path(admin.companyUserId())), 400);
        Api.Member second = anAdminOf(company);
        ok(as(admin.token()).body(body("roles", "User")).put(path(admin.companyUserId())));
        refused(as(second.token()).body(body("isActive", false)).put(path(second.companyUserId())), 400);
    }

    /** Each round: a fresh company with two Admins, both demoted at once, one request to each instance. */
    @Test
    void concurrentDemotionsOfTwoAdminsNeverLeaveTheCompanyWithout() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        String root = Api.rootToken();
        try {
            for (int round = 0; round < 10; round++) {
                UUID company = aCompany();
                Api.Member a = anAdminOf(company);
                Api.Member b = anAdminOf(company);
                CountDownLatch start = new CountDownLatch(1);
                List<Future<Integer>> results = new ArrayList<>();
                results.add(pool.submit(demotion(start, as(root), a)));
                results.add(pool.submit(demotion(start, Api.onSecondInstance(root), b)));
                start.countDown();
                List<Integer> statuses = new ArrayList<>();
                for (Future<Integer> f : results) {
                    statuses.add(f.get());
                }
                statuses.sort(null);
                assertEquals(List.of(200, 400), statuses, "round " + round);
                List<String> roles = ok(as(root).queryParam("CompanyId", company).get("/api/adm/companyUsers")).getList("entries.roles");
                assertEquals(1, roles.stream().filter("Admin"::equals).count(), "round " + round + ": " + roles);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private static Callable<Integer> demotion(CountDownLatch start, RequestSpecification on,
                                              Api.Member admin) {
        return () -> {
            start.await();
            return on.body(body("roles", "User")).put(path(admin.companyUserId())).statusCode();
        };
    }

    @Test
    void companyUsersAndOtherTenantsAreRefused() {
        UUID mine = aCompany();
        UUID theirs = aCompany();
        Api.Member theirMember = aMember(theirs, "User");
        String adminToken = anAdminOf(mine).token();
        refused(as(adminToken).body(body("roles", "Admin")).put(path(theirMember.companyUserId())), 404);
        refused(as(adminToken).queryParam("CompanyId", theirs).get("/api/adm/companyUsers"), 404);
        refused(as(adminToken).body(body("companyId", theirs, "userId", aUser().id())).post("/api/adm/companyUsers"), 404);
        Api.Member plain = aMember(mine, "User");
        Api.Member other = aMember(mine, "User");
        refused(as(plain.token()).body(body("roles", "Admin")).put(path(other.companyUserId())), 403);
        refused(as(plain.token()).body(body("companyId", mine, "userId", aUser().id())).post("/api/adm/companyUsers"), 403);
    }

    @Test
    void deactivatedMembershipLosesAccessAtOnce() {
        UUID company = aCompany();
        anAdminOf(company);
        Api.Member admin = anAdminOf(company);
        String token = admin.token();
        ok(as(token).queryParam("CompanyId", company).get("/api/adm/companyUsers"));
        ok(asRoot().body(body("isActive", false)).put(path(admin.companyUserId())));
        refused(as(token).queryParam("CompanyId", company).get("/api/adm/companyUsers"), 403);
        assertTrue(ok(as(token).get("/api/adm/users/me")).getBoolean("entry.isActive"), "can still sign in");
    }
}
