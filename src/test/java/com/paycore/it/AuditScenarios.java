package com.paycore.it;

import static com.paycore.it.Api.aCompany;
import static com.paycore.it.Api.aMember;
import static com.paycore.it.Api.aUser;
import static com.paycore.it.Api.anAdminOf;
import static com.paycore.it.Api.as;
import static com.paycore.it.Api.asRoot;
import static com.paycore.it.Api.ok;
import static com.paycore.it.Api.refused;
import static com.paycore.it.Api.token;
import static com.paycore.it.CompanyScenarios.body;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

/** The audit trail: logins, user and role changes, activations; never a secret; tenancy of the list. */
abstract class AuditScenarios {

    private static List<Map<String, Object>> events(String bearer, Object companyId, OffsetDateTime from) {
        var request = as(bearer).queryParam("from", from.toString()).queryParam("limit", 1000);
        if (companyId != null) {
            request = request.queryParam("CompanyId", companyId);
        }
        return ok(request.get("/api/adm/auditEvents")).getList("entries");
    }

    @Test
    void loginsAndUserChangesAreAuditedWithoutSecrets() {
        OffsetDateTime from = OffsetDateTime.now(ZoneOffset.UTC).minusSeconds(5);
        Api.Person user = aUser();
        token(Map.of("grant_type", "password", "username", user.email(), "password", "Wrong-Secret-42"));
        user.token();
        ok(asRoot().body(body("email", user.email(), "password", "New-Secret-43", "isActive", false)).put("/api/adm/users/" + user.id()));
        String root = Api.rootToken();
        List<Map<String, Object>> mine = events(root, null, from).stream()
                .filter(e -> user.id().toString().equals(e.get("targetId"))).toList();
        List<String> actions = mine.stream().map(e -> e.get("action") + "/" + e.get("outcome")).toList();
        assertTrue(actions.contains("Login/Failure"), actions.toString());
        assertTrue(actions.contains("Login/Success"), actions.toString());
        assertTrue(actions.contains("UserDeactivated/Success"), actions.toString());
        assertTrue(actions.contains("UserUpdated/Success"), actions.toString());
        String all = ok(as(root).queryParam("from", from.toString()).queryParam("limit", 1000).get("/api/adm/auditEvents")).prettyPrint();
        for (String secret : new String[] {"Wrong-Secret-42", "New-Secret-43", Api.PASSWORD, "PBKDF2"}) {
            assertFalse(all.contains(secret), secret + " leaked into the audit trail");
        }
        assertTrue(mine.stream().allMatch(e -> e.get("requestId") != null));
    }

    @Test
    void roleChangesAndDeactivationsAreAuditedPerCompany() {
        OffsetDateTime from = OffsetDateTime.now(ZoneOffset.UTC).minusSeconds(5);
        UUID company = aCompany();
        Api.Member admin = anAdminOf(company);
        Api.Member member = aMember(company, "User");
        ok(as(admin.token()).body(body("roles", "Admin")).put("/api/adm/companyUsers/" + member.companyUserId()));
        ok(as(admin.token()).body(body("isActive", false)).put("/api/adm/companyUsers/" + member.companyUserId()));
        List<Map<String, Object>> events = events(admin.token(), company, from);
        List<String> actions = events.stream().map(e -> (String) e.get("action")).toList();
        assertTrue(actions.contains("CompanyUserRoleChanged"), actions.toString());
        assertTrue(actions.contains("CompanyUserDeactivated"), actions.toString());
        var roleChange = events.stream().filter(e -> "CompanyUserRoleChanged".equals(e.get("action"))).findFirst().orElseThrow();
        assertEquals("User -> Admin", roleChange.get("details"));
        assertEquals(admin.person().email(), roleChange.get("actor"));
        assertTrue(events.stream().allMatch(e -> company.toString().equals(e.get("companyId"))));
    }

    @Test
    void auditListIsForPlatformAdministratorsAndOwnCompanyAdmins() {
        UUID company = aCompany();
        UUID other = aCompany();
        String admin = anAdminOf(company).token();
        refused(as(admin).queryParam("CompanyId", other).get("/api/adm/auditEvents"), 404);
        refused(as(aMember(company, "User").token()).get("/api/adm/auditEvents"), 403);
        refused(as(aMember(company, "User").token()).queryParam("CompanyId", company).get("/api/adm/auditEvents"), 403);
        List<Map<String, Object>> own = events(admin, null, OffsetDateTime.now(ZoneOffset.UTC).minusMinutes(1));
        assertTrue(own.stream().allMatch(e -> company.toString().equals(e.get("companyId"))), own.toString());
        refused(as(admin).queryParam("from", "yesterday").get("/api/adm/auditEvents"), 400);
    }
}
