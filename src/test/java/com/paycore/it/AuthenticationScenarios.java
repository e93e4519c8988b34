package com.paycore.it;

import static com.paycore.it.Api.aUser;
import static com.paycore.it.Api.anonymous;
import static com.paycore.it.Api.as;
import static com.paycore.it.Api.asRoot;
import static com.paycore.it.Api.login;
import static com.paycore.it.Api.ok;
import static com.paycore.it.Api.refused;
import static com.paycore.it.Api.token;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.response.Response;

import com.paycore.it.clock.ClockShiftFilter;

/** POST /api/auth/token (RFC 6749), bearer tokens on /api/adm, lockout and immediate deactivation. */
abstract class AuthenticationScenarios {

    private static Response password(String email, String password) {
        return token(Map.of("grant_type", "password", "username", email, "password", password));
    }

    private static void invalidGrant(Response r) {
        assertEquals(400, r.statusCode(), r.asString());
        assertEquals("invalid_grant", JsonBody.of(r).getString("error"), r.asString());
    }

    @Test
    void passwordGrantIssuesAVerifiableRs256Token() {
        Api.Person user = aUser();
        Response r = password(user.email(), user.password());
        assertEquals(200, r.statusCode(), r.asString());
        JsonBody json = JsonBody.of(r);
        assertEquals("Bearer", json.getString("token_type"));
        assertEquals(900, json.getInt("expires_in"));
        assertNotNull(json.getString("refresh_token"));
        String[] parts = json.getString("access_token").split("\\.");
        String header = new String(Base64.getUrlDecoder().decode(parts[0]), StandardCharsets.UTF_8);
        String claims = new String(Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8);
        assertTrue(header.contains("\"RS256\""), header);
        for (String claim : new String[] {"\"iss\":\"payments\"", "\"sub\":\"" + user.id() + "\"",
                "\"upn\":\"" + user.email() + "\"", "\"groups\"", "\"exp\"", "\"jti\""}) {
            assertTrue(claims.contains(claim), claim + " in " + claims);
        }
        assertEquals(user.id().toString(), ok(as(json.getString("access_token")).get("/api/adm/users/me")).getString("entry.id"));
        assertEquals("no-store", r.header("Cache-Control"));
    }

    @Test
    void wrongPasswordAndUnknownEmailGetTheSameInvalidGrant() {
        Api.Person user = aUser();
        Response wrong = password(user.email(), "not-the-password");
        Response unknown = password("nobody-" + user.email(), "whatever-1");
        invalidGrant(wrong);
        invalidGrant(unknown);
        assertEquals(JsonBody.of(wrong).getString("error_description"), JsonBody.of(unknown).getString("error_description"));
    }

    @Test
    void missingParametersAndUnknownGrantsFollowRfc6749() {
        Response missing = token(Map.of("grant_type", "password", "username", "x@y.co"));
        assertEquals(400, missing.statusCode());
        assertEquals("invalid_request", JsonBody.of(missing).getString("error"));
        Response noGrant = token(Map.of("username", "x@y.co"));
        assertEquals("invalid_request", JsonBody.of(noGrant).getString("error"));
        Response unsupported = token(Map.of("grant_type", "client_credentials"));
        assertEquals(400, unsupported.statusCode());
        assertEquals("unsupported_grant_type", JsonBody.of(unsupported).getString("error"));
    }

    /** A token request without any body (and so without a grant) is a malformed grant, not a server error. */
    @Test
    void aTokenRequestWithoutABodyIsInvalidRequest() throws Exception {
        HttpClient client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1).build();
        URI uri = URI.create(Deployments.baseUri() + "/api/auth/token");
        HttpRequest bare = HttpRequest.newBuilder(uri)
                .POST(HttpRequest.BodyPublishers.noBody()).build();
        HttpRequest emptyForm = HttpRequest.newBuilder(uri)
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.noBody()).build();
        for (HttpRequest request : new HttpRequest[] {bare, emptyForm}) {
            HttpResponse<String> r = client.send(request, HttpResponse.BodyHandlers.ofString());
            String what = request.headers().map() + ": " + r.statusCode() + " " + r.body();
            assertEquals(400, r.statusCode(), what);
            JsonBody body = JsonBody.of(r.body());
            assertEquals("invalid_request", body.getString("error"), what);
            assertNotNull(body.getString("error_description"), what);
        }
    }

    /**
     * A username longer than any e-mail address (254 characters) is refused as malformed before it is counted or
     * checked; one of 254 is checked as usual. (LoginFloodScenarios shows it uncounted under the production limits.)
     */
    @Test
    void aUsernameLongerThan254CharactersIsInvalidRequest() {
        String longest = "a".repeat(254 - "@example.com".length()) + "@example.com";
        assertEquals(254, longest.length());
        invalidGrant(password(longest, "whatever-1"));
        Response tooLong = password("a" + longest, "whatever-1");
        assertEquals(400, tooLong.statusCode(), tooLong.asString());
        assertEquals("invalid_request", JsonBody.of(tooLong).getString("error"), tooLong.asString());
        Response huge = password("b".repeat(100_000) + "@example.com", "whatever-1");
        assertEquals(400, huge.statusCode());
        assertEquals("invalid_request", JsonBody.of(huge).getString("error"));
    }

    @Test
    void refreshTokenWorksOnceAndRotates() {
        Api.Person user = aUser();
        String refresh = JsonBody.of(password(user.email(), user.password())).getString("refresh_token");
        Response first = token(Map.of("grant_type", "refresh_token", "refresh_token", refresh));
        assertEquals(200, first.statusCode(), first.asString());
        assertNotEquals(refresh, JsonBody.of(first).getString("refresh_token"));
        ok(as(JsonBody.of(first).getString("access_token")).get("/api/adm/users/me"));
        invalidGrant(token(Map.of("grant_type", "refresh_token", "refresh_token", refresh)));
        invalidGrant(token(Map.of("grant_type", "refresh_token", "refresh_token", "made-up")));
    }

    private static Response refresh(String refreshToken) {
        return token(Map.of("grant_type", "refresh_token", "refresh_token", refreshToken));
    }

    /** RFC 6749 10.4 / OAuth 2.0 Security BCP 4.14: a used token presented again revokes its whole family. */
    @Test
    void replayingAUsedRefreshTokenRevokesItsFamilyButNotOtherLogins() {
        Api.Person user = aUser();
        String first = JsonBody.of(password(user.email(), user.password())).getString("refresh_token");
        String otherLogin = JsonBody.of(password(user.email(), user.password())).getString("refresh_token");
        Response rotated = refresh(first);
        assertEquals(200, rotated.statusCode(), rotated.asString());
        String successor = JsonBody.of(rotated).getString("refresh_token");

        invalidGrant(refresh(first));
        invalidGrant(refresh(successor));
        Response other = refresh(otherLogin);
        assertEquals(200, other.statusCode(), "another login's family is untouched: " + other.asString());
    }

    @Test
    void aPasswordResetRevokesEveryRefreshTokenOfTheUser() {
        Api.Person user = aUser();
        String refresh = JsonBody.of(password(user.email(), user.password())).getString("refresh_token");
        String rotated = JsonBody.of(refresh(JsonBody.of(password(user.email(), user.password())).getString("refresh_token")))
                .getString("refresh_token");
        ok(asRoot().body(Map.of("email", user.email(), "password", "reset-by-admin-7")).put("/api/adm/users/" + user.id()));
        invalidGrant(refresh(refresh));
        invalidGrant(refresh(rotated));
        Response fresh = password(user.email(), "reset-by-admin-7");
        assertEquals(200, fresh.statusCode(), fresh.asString());
        assertEquals(200, refresh(JsonBody.of(fresh).getString("refresh_token")).statusCode(), "new logins work");
    }

    /** A token whose iat is an earlier second than anything that happens after this returns. */
    private static String tokenOfAnEarlierSecond(Api.Person user) throws InterruptedException {
        String token = user.token();
        Thread.sleep(1100);
        return token;
    }

    /** The access tokens issued before a password reset are refused at once, on every request. */
    @Test
    void aPasswordResetEndsTheAccessTokensIssuedBeforeIt() throws Exception {
        Api.Person user = aUser();
        String before = tokenOfAnEarlierSecond(user);
        ok(as(before).get("/api/adm/users/me"));
        ok(asRoot().body(Map.of("email", user.email(), "password", "reset-by-admin-8")).put("/api/adm/users/" + user.id()));
        refused(as(before).get("/api/adm/users/me"), 401);
        // The login with the new password, usually in the same second as the reset, is not caught by it.
        ok(as(login(user.email(), "reset-by-admin-8")).get("/api/adm/users/me"));
    }

    /** An e-mail change ends the access and refresh tokens issued before it, too. */
    @Test
    void anEmailChangeEndsTheTokensIssuedBeforeIt() throws Exception {
        Api.Person user = aUser();
        String refresh = JsonBody.of(password(user.email(), user.password())).getString("refresh_token");
        String before = tokenOfAnEarlierSecond(user);
        // A change of the other fields is no credential change (control).
        ok(asRoot().body(Map.of("email", user.email(), "lastName", "Hopper")).put("/api/adm/users/" + user.id()));
        ok(as(before).get("/api/adm/users/me"));
        String renamed = Api.unique("moved") + "@example.com";
        ok(asRoot().body(Map.of("email", renamed)).put("/api/adm/users/" + user.id()));
        refused(as(before).get("/api/adm/users/me"), 401);
        invalidGrant(refresh(refresh));
        ok(as(login(renamed, user.password())).get("/api/adm/users/me"));
    }

    /** Refreshing never extends a login: every successor keeps the expiry of the family's first token. */
    @Test
    void aRefreshChainEndsWhenItsFirstLoginExpires() {
        Api.Person user = aUser();
        String first = JsonBody.of(password(user.email(), user.password())).getString("refresh_token");
        Response sixDaysOn = shiftedRefresh(first, "P6D");
        assertEquals(200, sixDaysOn.statusCode(), sixDaysOn.asString());
        Response justBefore = shiftedRefresh(JsonBody.of(sixDaysOn).getString("refresh_token"), "P6DT23H58M");
        assertEquals(200, justBefore.statusCode(), "still within the first login's 7 days: " + justBefore.asString());
        invalidGrant(shiftedRefresh(JsonBody.of(justBefore).getString("refresh_token"), "P7DT1M"));
    }

    private static Response shiftedRefresh(String refreshToken, String shift) {
        return RestAssured.given().baseUri(Deployments.baseUri())
                .header(ClockShiftFilter.HEADER, shift)
                .contentType(ContentType.URLENC)
                .formParams(Map.of("grant_type", "refresh_token", "refresh_token", refreshToken))
                .post("/api/auth/token");
    }

    @Test
    void refreshTokensIssuedBeforeADeactivationStayRevokedAfterReactivation() {
        Api.Person user = aUser();
        String refresh = JsonBody.of(password(user.email(), user.password())).getString("refresh_token");
        ok(asRoot().body(Map.of("email", user.email(), "isActive", false)).put("/api/adm/users/" + user.id()));
        ok(asRoot().body(Map.of("email", user.email(), "isActive", true)).put("/api/adm/users/" + user.id()));
        invalidGrant(refresh(refresh));
        assertEquals(200, password(user.email(), user.password()).statusCode());
    }

    /** Whatever was typed as the username of an unknown account may be a password: it is stored nowhere. */
    @Test
    void aFailedLoginForAnUnknownAccountStoresNothingTyped() throws Exception {
        Api.Person known = aUser();
        String typed = "Typed-Secret-" + UUID.randomUUID();
        invalidGrant(password(typed, "whatever-1"));
        invalidGrant(password(typed + "@example.com", "whatever-1"));
        String database = DatabaseDump.all();
        assertTrue(database.contains(known.email()), "the dump does see this test's data");
        assertTrue(database.contains("unknown account"), "the failed login is still audited");
        assertFalse(database.toLowerCase(Locale.ROOT).contains(typed.toLowerCase(Locale.ROOT)),
                "the typed username reached the database");
    }

    @Test
    void tenConsecutiveFailuresLockTheAccount() {
        Api.Person user = aUser();
        for (int i = 0; i < 9; i++) {
            invalidGrant(password(user.email(), "wrong-" + i));
        }
        assertEquals(200, password(user.email(), user.password()).statusCode(), "nine failures do not lock");
        for (int i = 0; i < 10; i++) {
            invalidGrant(password(user.email(), "wrong-" + i));
        }
        invalidGrant(password(user.email(), user.password()));
        // An administrator setting a new password lifts the lockout.
        ok(asRoot().body(Map.of("email", user.email(), "password", "brand-new-pass-1")).put("/api/adm/users/" + user.id()));
        assertEquals(200, password(user.email(), "brand-new-pass-1").statusCode());
    }

    @Test
    void adminApiWithoutTokenIs401Envelope() {
        refused(anonymous().get("/api/adm/users/me"), 401);
        refused(anonymous().header("Authorization", "Basic dXNlcjpwYXNz").get("/api/adm/users/me"), 401);
    }

    @Test
    void garbageExpiredForeignAndOtherIssuerTokensAre401Envelopes() throws Exception {
        Api.Person user = aUser();
        refused(as("not.a.jwt").get("/api/adm/users/me"), 401);
        refused(as(TestTokens.sign(TestTokens.serverKey(), "payments", user.id(), user.email(),
                Instant.now().minusSeconds(600))).get("/api/adm/users/me"), 401);
        refused(as(TestTokens.sign(TestTokens.foreignKey(), "payments", user.id(), user.email(),
                Instant.now().plusSeconds(600))).get("/api/adm/users/me"), 401);
        refused(as(TestTokens.sign(TestTokens.serverKey(), "someone-else", user.id(), user.email(),
                Instant.now().plusSeconds(600))).get("/api/adm/users/me"), 401);
        // The same claims, properly signed and unexpired, are accepted: the refusals above are for the reasons named.
        ok(as(TestTokens.sign(TestTokens.serverKey(), "payments", user.id(), user.email(),
                Instant.now().plusSeconds(600))).get("/api/adm/users/me"));
    }

    @Test
    void deactivationBitesOnTheNextRequestOfAnIssuedToken() {
        Api.Person user = aUser();
        String token = user.token();
        String refresh = JsonBody.of(password(user.email(), user.password())).getString("refresh_token");
        ok(as(token).get("/api/adm/users/me"));
        ok(asRoot().body(Map.of("email", user.email(), "isActive", false)).put("/api/adm/users/" + user.id()));
        refused(as(token).get("/api/adm/users/me"), 401);
        invalidGrant(password(user.email(), user.password()));
        invalidGrant(token(Map.of("grant_type", "refresh_token", "refresh_token", refresh)));
        ok(asRoot().body(Map.of("email", user.email(), "isActive", true)).put("/api/adm/users/" + user.id()));
        ok(as(token).get("/api/adm/users/me"));
    }

    @Test
    void deactivationOnOneInstanceBitesOnAnother() {
        Api.Person user = aUser();
        String token = user.token();
        ok(Api.onSecondInstance(token).get("/api/adm/users/me"));
        ok(asRoot().body(Map.of("email", user.email(), "isActive", false)).put("/api/adm/users/" + user.id()));
        refused(Api.onSecondInstance(token).get("/api/adm/users/me"), 401);
    }

    @Test
    void tokenEndpointNeverEchoesThePassword() {
        Api.Person user = aUser();
        String body = password(user.email(), "Secret-Typed-Wrong-77").asString();
        assertFalse(body.contains("Secret-Typed-Wrong-77"));
    }
}
