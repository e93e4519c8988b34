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
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.response.Response;

/**
 * Invitations: create, list, accept, and E20. The instance under test e-mails the token (to {@link Mailbox});
 * the second instance has no mail server and shows the development mode.
 */
abstract class InvitationScenarios {

    record Invite(UUID id, String token, String email) {
    }

    /** Invites a fresh address; the token comes from the e-mail, never from the answer. */
    static Invite invite(String bearer, UUID company, String role) {
        String email = Api.unique("invitee") + "@example.com";
        Response r = as(bearer).body(body("companyId", company, "email", email, "roles", role)).post("/api/adm/invitations");
        UUID id = Api.created(r);
        assertNull(JsonBody.of(r).get("invitationToken"), "the inviter must not get the token: " + r.asString());
        Mailbox.InvitationMail mail = Mailbox.invitationTo(email);
        assertEquals(id, mail.id());
        return new Invite(id, mail.token(), email);
    }

    private static Response accept(UUID invitation, Object... fields) {
        return anonymous().body(body(fields)).post("/api/auth/invitations/" + invitation + "/accept");
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
    void theTokenGoesOnlyByMailToTheInvitedAddress() throws Exception {
        UUID company = aCompany();
        Api.Member admin = anAdminOf(company);
        String email = Api.unique("mailed") + "@example.com";
        Response r = as(admin.token()).body(body("companyId", company, "email", email, "roles", "User"))
                .post("/api/adm/invitations");
        UUID id = Api.created(r);
        assertFalse(r.asString().contains("invitationToken"), r.asString());
        var message = Mailbox.to(email);
        assertEquals(1, message.size());
        assertEquals("payments@payments.test", message.get(0).getFrom()[0].toString());
        Mailbox.InvitationMail mail = Mailbox.invitationTo(email);
        assertEquals(id, mail.id());
        assertTrue(mail.body().contains("/api/auth/invitations/" + id + "/accept"), mail.body());
        String list = ok(as(admin.token()).queryParam("CompanyId", company).get("/api/adm/invitations")).prettyPrint();
        assertFalse(list.contains(mail.token()), "tokens are never listed");
        Api.created(accept(id, "token", mail.token(), "password", "mailed-pass-1"));
        ok(as(Api.login(email, "mailed-pass-1")).get("/api/adm/companies/" + company));
    }

    /** No takeover by invitation: an invitation's token must not replace proof of control of an existing account. */
    @Test
    void anExistingAccountJoinsOnlyWithItsOwnPasswordWhichNeverChanges() {
        UUID company = aCompany();
        Api.Person person = aUser();
        Api.created(asRoot().body(body("companyId", company, "email", person.email(), "role", "Member"))
                .post("/api/adm/invitations"));
        Mailbox.InvitationMail mail = Mailbox.invitationTo(person.email());
        refused(accept(mail.id(), "token", mail.token()), 400);
        refused(accept(mail.id(), "token", mail.token(), "password", "attacker-chosen-1"), 400);
        assertEquals(400, Api.token(Map.of("grant_type", "password", "username", person.email(),
                "password", "attacker-chosen-1")).statusCode(), "the password must not have changed");
        refused(as(person.token()).get("/api/adm/companies/" + company), 404);
        UUID member = Api.created(accept(mail.id(), "token", mail.token(), "password", person.password()));
        ok(as(person.token()).get("/api/adm/companies/" + company));
        var entry = ok(asRoot().queryParam("CompanyId", company).queryParam("UserId", person.id())
                .get("/api/adm/companyUsers"));
        assertEquals(member.toString(), entry.getString("entries[0].id"));
        assertEquals("User", entry.getString("entries[0].roles"));
    }

    /** Wrong account passwords at acceptance count as failed logins: the endpoint cannot be used to guess them. */
    @Test
    void wrongAccountPasswordsAtAcceptanceLockTheAccountLikeFailedLogins() {
        UUID company = aCompany();
        Api.Person person = aUser();
        Api.created(asRoot().body(body("companyId", company, "email", person.email())).post("/api/adm/invitations"));
        Mailbox.InvitationMail mail = Mailbox.invitationTo(person.email());
        for (int i = 0; i < 10; i++) {
            refused(accept(mail.id(), "token", mail.token(), "password", "guess-number-" + i), 400);
        }
        assertEquals(400, Api.token(Map.of("grant_type", "password", "username", person.email(),
                "password", person.password())).statusCode(), "ten failures lock the account");
        refused(accept(mail.id(), "token", mail.token(), "password", person.password()), 400);
    }

    /** Sending is part of creating: when the mail server is down, no invitation exists whose token nobody got. */
    @Test
    void whenTheMailCannotBeSentNoInvitationIsCreated() {
        UUID company = aCompany();
        String root = Api.rootToken();
        String email = Api.unique("unsent") + "@example.com";
        Mailbox.stop();
        Response r;
        try {
            r = as(root).body(body("companyId", company, "email", email)).post("/api/adm/invitations");
        } finally {
            Mailbox.start();
        }
        var error = refused(r, 503);
        assertTrue(error.getString("errorMessage").contains("no invitation was created"), r.asString());
        assertEquals(0, ok(as(root).queryParam("CompanyId", company).get("/api/adm/invitations")).getList("entries").size());
        invite(root, company, "User");
    }

    /** Without a mail server (the second instance) the inviter gets the token, and every start warns about it. */
    @Test
    void withoutAMailServerTheTokenIsAnsweredAndStartupWarns() throws Exception {
        UUID company = aCompany();
        String email = Api.unique("devmode") + "@example.com";
        Response r = Api.onSecondInstance(Api.rootToken()).body(body("companyId", company, "email", email))
                .post("/api/adm/invitations");
        UUID id = Api.created(r);
        String token = JsonBody.of(r).getString("invitationToken");
        assertNotNull(token, r.asString());
        assertEquals(0, Mailbox.to(email).size());
        Api.created(RestAssured.given().baseUri(SecondInstance.baseUri()).contentType(ContentType.JSON)
                .body(body("token", token, "password", "devmode-pass-1")).post("/api/auth/invitations/" + id + "/accept"));
        String log = Files.readString(SecondInstance.log(), StandardCharsets.UTF_8);
        assertTrue(log.contains("payments.mail.smtp.host is not set"), "the startup warning");
        assertFalse(log.contains(token), "the token in the server log");
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
