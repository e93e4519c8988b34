package com.paycore.it;

import static com.paycore.it.Api.aCompany;
import static com.paycore.it.Api.aUser;
import static com.paycore.it.Api.anAdminOf;
import static com.paycore.it.Api.as;
import static com.paycore.it.Api.asRoot;
import static com.paycore.it.Api.ok;
import static com.paycore.it.Api.refused;
import static com.paycore.it.Api.token;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

/** Users: create, list, get, me, and E1 with every error the spec lists. */
abstract class UserScenarios {

    private static Map<String, Object> body(Object... pairs) {
        Map<String, Object> m = new HashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            m.put((String) pairs[i], pairs[i + 1]);
        }
        return m;
    }

    @Test
    void createGetAndListNeverShowThePassword() {
        String email = Api.unique("Mixed.Case") + "@Example.com";
        var r = asRoot().body(body("email", email, "password", "pw-long-enough", "firstName", "Grace",
                "lastName", "Hopper")).post("/api/adm/users");
        UUID id = Api.created(r);
        assertTrue(r.header("Location").endsWith("/api/adm/users/" + id), r.header("Location"));
        String got = asRoot().get("/api/adm/users/" + id).asString();
        assertFalse(got.contains("pw-long-enough") || got.toLowerCase().contains("password"), got);
        var entry = ok(asRoot().get("/api/adm/users/" + id));
        assertEquals(email, entry.getString("entry.email"));
        assertEquals("Grace", entry.getString("entry.firstName"));
        assertTrue(entry.getBoolean("entry.isActive"));
        var list = ok(asRoot().queryParam("email", email.toLowerCase()).get("/api/adm/users"));
        assertEquals(1, list.getList("entries").size());
        assertEquals(id.toString(), list.getString("entries[0].id"));
    }

    @Test
    void createRefusesDuplicateEmailIgnoringCase() {
        Api.Person user = aUser();
        refused(asRoot().body(body("email", user.email().toUpperCase())).post("/api/adm/users"), 400);
    }

    @Test
    void updateChangesFieldsAndKeepsThePasswordWhenOmitted() {
        Api.Person user = aUser();
        String newEmail = Api.unique("renamed") + "@example.com";
        ok(asRoot().body(body("id", user.id(), "email", newEmail, "firstName", "Barbara", "lastName", "Liskov",
                "phoneNumber", "+1 555 0100")).put("/api/adm/users/" + user.id()));
        var entry = ok(asRoot().get("/api/adm/users/" + user.id()));
        assertEquals(newEmail, entry.getString("entry.email"));
        assertEquals("Liskov", entry.getString("entry.lastName"));
        assertEquals("+1 555 0100", entry.getString("entry.phoneNumber"));
        assertEquals(200, token(Map.of("grant_type", "password", "username", newEmail, "password", user.password())).statusCode());
    }

    @Test
    void updateWithPasswordReplacesIt() {
        Api.Person user = aUser();
        ok(asRoot().body(body("email", user.email(), "password", "another-password-2")).put("/api/adm/users/" + user.id()));
        assertEquals(400, token(Map.of("grant_type", "password", "username", user.email(), "password", user.password())).statusCode());
        assertEquals(200, token(Map.of("grant_type", "password", "username", user.email(), "password", "another-password-2")).statusCode());
    }

    @Test
    void updateRefusesMissingOrMalformedOrLongFields() {
        Api.Person user = aUser();
        String path = "/api/adm/users/" + user.id();
        refused(asRoot().body(body("firstName", "No Email")).put(path), 400);
        refused(asRoot().body(body("email", "")).put(path), 400);
        refused(asRoot().body(body("email", "not-an-email")).put(path), 400);
        refused(asRoot().body(body("email", "a".repeat(240) + "@example.com")).put(path), 400);
        refused(asRoot().body(body("email", user.email(), "firstName", "f".repeat(151))).put(path), 400);
        refused(asRoot().body(body("email", user.email(), "lastName", "l".repeat(151))).put(path), 400);
        ok(asRoot().body(body("email", user.email(), "firstName", "f".repeat(150))).put(path));
        var message = refused(asRoot().body(body("email", "not-an-email")).put(path), 400).getString("errorMessage");
        assertTrue(message.contains("email"), message);
    }

    @Test
    void updateRefusesADuplicateEmail() {
        Api.Person a = aUser();
        Api.Person b = aUser();
        refused(asRoot().body(body("email", b.email())).put("/api/adm/users/" + a.id()), 400);
    }

    @Test
    void updateRefusesABodyIdDifferentFromThePath() {
        Api.Person user = aUser();
        refused(asRoot().body(body("id", UUID.randomUUID(), "email", user.email())).put("/api/adm/users/" + user.id()), 400);
    }

    @Test
    void updateOfAMissingUserIs404() {
        refused(asRoot().body(body("email", "ghost@example.com")).put("/api/adm/users/" + UUID.randomUUID()), 404);
        refused(asRoot().get("/api/adm/users/" + UUID.randomUUID()), 404);
    }

    @Test
    void onlyPlatformAdministratorsManageUsers() {
        Api.Member admin = anAdminOf(aCompany());
        Api.Person other = aUser();
        String token = admin.token();
        refused(as(token).body(body("email", other.email())).put("/api/adm/users/" + other.id()), 403);
        refused(as(token).body(body("email", Api.unique("x") + "@example.com")).post("/api/adm/users"), 403);
        refused(as(token).get("/api/adm/users"), 403);
        refused(as(token).get("/api/adm/users/" + other.id()), 403);
        refused(Api.anonymous().body(body("email", other.email())).put("/api/adm/users/" + other.id()), 401);
        assertEquals(admin.person().id().toString(), ok(as(token).get("/api/adm/users/me")).getString("entry.id"));
    }

    @Test
    void aSecondPlatformAdministratorCanManageUsers() {
        Api.Person padmin = Api.aPlatformAdmin();
        Api.Person user = aUser();
        ok(as(padmin.token()).body(body("email", user.email(), "lastName", "Set")).put("/api/adm/users/" + user.id()));
    }
}
