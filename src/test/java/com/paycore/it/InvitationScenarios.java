package com.paycore.it;

import static com.paycore.it.Api.aCompany;
import static com.paycore.it.Api.aMember;
import static com.paycore.it.Api.aUser;
import static com.paycore.it.Api.anAdminOf;
import static com.paycore.it.Api.anonymous;
import static com.paycore.it.Api.as;
import static com.paycore.it.Api.asRoot;
import static com.paycore.it.Api.ok;
import static com.paycore.it.Api.refused;
import static com.paycore.it.CompanyScenarios.body;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.UUID;

import org.junit.jupiter.api.Test;

import io.restassured.response.Response;

/** Invitations: create, list, accept, and E20. */
abstract class InvitationScenarios {

    record Invite(UUID id, String token, String email) {
    }

    static Invite invite(String bearer, UUID company, String role) {
        String email = Api.unique("invitee") + "@example.com";
        Response r = as(bearer).body(body("companyId", company, "email", email, "roles", role)).post("/api/adm/invitations");
        UUID id = Api.created(r);
        return new Invite(id, r.jsonPath().getString("invitationToken"), email);
    }

    @Test
    void acceptingCreatesTheAccountAndTheMembership() {
        UUID company = aCompany();
        Api.Member admin = anAdminOf(company);
        Invite invite = invite(admin.token(), company, "Admin");
        assertNotNull(invite.token());
        UUID member = Api.created(anonymous().body(body("token", invite.token(), "password", "invited-pass-1",
                "firstName", "Ivy")).post("/api/auth/invitations/" + invite.id() + "/accept"));
        String token = Api.login(invite.email(), "invited-pass-1");
        var list = ok(as(token).queryParam("CompanyId", company).get("/api/adm/companyUsers"));
        assertTrue(list.getList("entries.id").contains(member.toString()));
        var invitations = ok(as(admin.token()).queryParam("CompanyId", company).get("/api/adm/invitations"));
        assertEquals("Accepted", invitations.getString("entries[0].status"));
        assertFalse(invitations.prettyPrint().contains(invite.token()), "tokens are never listed");
    }

    @Test
    void anExistingUserJoinsWithoutChangingThePassword() {
        UUID company = aCompany();
        Api.Person person = aUser();
        Response r = asRoot().body(body("companyId", company, "email", person.email(), "role", "Member")).post("/api/adm/invitations");
        UUID id = Api.created(r);
        Api.created(anonymous().body(body("token", r.jsonPath().getString("invitationToken")))
                .post("/api/auth/invitations/" + id + "/accept"));
        String token = person.token();
        ok(as(token).get("/api/adm/companies/" + company));
    }

    @Test
    void acceptRefusesWrongOrReusedTokensAndUnknownInvitations() {
        UUID company = aCompany();
        Invite invite = invite(Api.rootToken(), company, "User");
        refused(anonymous().body(body("token", "wrong", "password", "long-enough-1")).post("/api/auth/invitations/" + invite.id() + "/accept"), 400);
        refused(anonymous().body(body("token", invite.token())).post("/api/auth/invitations/" + invite.id() + "/accept"), 400);
        Api.created(anonymous().body(body("token", invite.token(), "password", "long-enough-1")).post("/api/auth/invitations/" + invite.id() + "/accept"));
        refused(anonymous().body(body("token", invite.token(), "password", "long-enough-1")).post("/api/auth/invitations/" + invite.id() + "/accept"), 400);
        refused(anonymous().body(body("token", "x", "password", "long-enough-1")).post("/api/auth/invitations/" + UUID.randomUUID() + "/accept"), 404);
    }

    @Test
    void createRefusesMembersBadEmailsAndOutsiders() {
        UUID company = aCompany();
        Api.Member member = aMember(company, "User");
        refused(asRoot().body(body("companyId", company, "email", member.person().email())).post("/api/adm/invitations"), 400);
        refused(asRoot().body(body("companyId", company, "email", "nope")).post("/api/adm/invitations"), 400);
        refused(asRoot().body(body("companyId", company, "email", "a@b.co", "roles", "King")).post("/api/adm/invitations"), 400);
        refused(as(member.token()).body(body("companyId", company, "email", "x@y.co")).post("/api/adm/invitations"), 403);
        refused(as(anAdminOf(aCompany()).token()).body(body("companyId", company, "email", "x@y.co")).post("/api/adm/invitations"), 404);
    }

    @Test
    void e20TellsWhetherAnInvitationBelongsToACompany() {
        UUID company = aCompany();
        UUID other = aCompany();
        String root = Api.rootToken();
        Invite invite = invite(root, company, "User");
        assertTrue(ok(asRoot().queryParam("CompanyId", company).queryParam("UserInvitationId", invite.id())
                .get("/api/adm/invitations/isEntryBelongsToCompany")).getBoolean("result"));
        assertTrue(ok(asRoot().queryParam("companyId", company).queryParam("invitationId", invite.id())
                .get("/api/adm/invitations/isEntryBelongsToCompany")).getBoolean("result"));
        var no = ok(asRoot().queryParam("CompanyId", other).queryParam("UserInvitationId", invite.id())
                .get("/api/adm/invitations/isEntryBelongsToCompany"));
        assertEquals(Boolean.TRUE, no.get("success"));
        assertFalse(no.getBoolean("result"));
    }

    @Test
    void e20Errors() {
        UUID company = aCompany();
        Invite invite = invite(Api.rootToken(), company, "User");
        String e20 = "/api/adm/invitations/isEntryBelongsToCompany";
        refused(asRoot().queryParam("CompanyId", company).get(e20), 400);
        refused(asRoot().queryParam("UserInvitationId", invite.id()).get(e20), 400);
        refused(asRoot().queryParam("CompanyId", "bad").queryParam("UserInvitationId", invite.id()).get(e20), 400);
        refused(asRoot().queryParam("CompanyId", company).queryParam("UserInvitationId", UUID.randomUUID()).get(e20), 404);
        refused(asRoot().queryParam("CompanyId", UUID.randomUUID()).queryParam("UserInvitationId", invite.id()).get(e20), 404);
        refused(anonymous().queryParam("CompanyId", company).queryParam("UserInvitationId", invite.id()).get(e20), 401);
        // A company Admin elsewhere learns nothing about this invitation.
        UUID own = aCompany();
        String outsider = anAdminOf(own).token();
        refused(as(outsider).queryParam("CompanyId", own).queryParam("UserInvitationId", invite.id()).get(e20), 404);
        refused(as(outsider).queryParam("CompanyId", company).queryParam("UserInvitationId", invite.id()).get(e20), 404);
        refused(as(aMember(company, "User").token()).queryParam("CompanyId", company).queryParam("UserInvitationId", invite.id()).get(e20), 403);
    }
}
