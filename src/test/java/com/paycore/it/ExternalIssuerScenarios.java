package com.paycore.it;

import static com.paycore.it.Api.ok;
import static com.paycore.it.Api.refused;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.time.Instant;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;

/**
 * Tokens of an external OAuth2 issuer, on extra instances configured for one (the test holds the issuer's key and
 * mints its tokens with the JDK): the audience is required; the issuer is bound to the companies it may speak for
 * (payments.jwt.external-issuers.idp.companies) and its subjects reach users only through explicit links
 * (/api/adm/users/{id}/externalIdentities), made by the user presenting a token of the subject or by a platform
 * administrator; a platform administrator's token through it does not carry platform rights by default. (An issuer
 * configured without an audience never becomes ready and is trusted with no token: UnreadyIssuerTest.)
 */
abstract class ExternalIssuerScenarios {

    private static final String ISSUER = "https://idp.example.test";
    private static final String AUDIENCE = "payments-admin-api";

    /** A fresh issuer key pair, its public half written where the instance reads it. */
    private static KeyPair anIssuerKey(Path pem) throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        KeyPair pair = generator.generateKeyPair();
        Files.writeString(pem, "-----BEGIN PUBLIC KEY-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes()).encodeToString(pair.getPublic().getEncoded())
                + "\n-----END PUBLIC KEY-----\n");
        return pair;
    }

    /** The issuer's token for a subject, naming the email in upn, with the audience claim as given (null: none). */
    private static String externalToken(KeyPair issuer, String subject, String email, String audience) throws Exception {
        long now = Instant.now().getEpochSecond();
        return TestTokens.signClaims(issuer.getPrivate(), "{\"iss\":\"" + ISSUER + "\",\"sub\":\"" + subject
                + "\",\"upn\":\"" + email + "\"" + (audience == null ? "" : ",\"aud\":\"" + audience + "\"")
                + ",\"groups\":[\"PlatformAdmin\"],\"iat\":" + (now - 30) + ",\"exp\":" + (now + 600)
                + ",\"jti\":\"" + UUID.randomUUID() + "\"}");
    }

    private static String aSubject() {
        return "idp-" + UUID.randomUUID();
    }

    private static RequestSpecification on(String baseUri, String token) {
        return given().baseUri(baseUri).contentType(ContentType.JSON).accept(ContentType.JSON)
                .header("Authorization", "Bearer " + token);
    }

    private static Path itDir() {
        return Path.of(System.getProperty("payments.it.dir", "target/it"));
    }

    private static String links(UUID userId) {
        return "/api/adm/users/" + userId + "/externalIdentities";
    }

    /** Links the subject to the user as the given caller (on the instance under test, built-in tokens). */
    private static Response link(RequestSpecification as, UUID userId, String issuer, String subject) {
        return as.body(Map.of("issuer", issuer, "subject", subject)).post(links(userId));
    }

    /** Links with a token of the subject as proof (subject null: left out, the token's). */
    private static Response linkWithToken(RequestSpecification as, UUID userId, String subject,
                                                                  String token) {
        Map<String, String> body = new HashMap<>(Map.of("issuer", "idp", "externalToken", token));
        if (subject != null) {
            body.put("subject", subject);
        }
        return as.body(body).post(links(userId));
    }

    private static KeyPair issuerKey;
    private static UUID issuersCompany;
    private static ExtraInstance external;
    private static ExtraInstance builtIn;

    /**
     * Makes the issuer's key and the company it speaks for, and starts the two instances without waiting for them:
     * ApiIT calls this at the beginning of the run, so that they boot in the background (on idle cores:
     * ExtraInstance.startWhenIdle) while the scenarios before this class run. They look for no webhook delivery or card
     * file and synchronize no report (the scenario asks them for tokens and links only): that work of the other
     * scenarios stays with the instances under test.
     */
    static synchronized void boot() throws Exception {
        if (external != null) {
            return;
        }
        Path pem = itDir().resolve("external-issuer.pem");
        issuerKey = anIssuerKey(pem);
        issuersCompany = Api.aCompany();
        Map<String, String> issuers = new HashMap<>(Map.of("payments.jwt.external-issuers", "idp",
                "payments.jwt.external-issuers.idp.issuer", ISSUER,
                "payments.jwt.external-issuers.idp.companies", issuersCompany.toString()));
        issuers.putAll(quiet());
        Map<String, String> externalSettings = new HashMap<>(issuers);
        externalSettings.put("mp.jwt.verify.publickey.location", pem.toAbsolutePath().toUri().toString());
        externalSettings.put("mp.jwt.verify.issuer", ISSUER);
        externalSettings.put("payments.jwt.audience", AUDIENCE);
        external = ExtraInstance.startWhenIdle("external", externalSettings);
        // Every instance knows the issuers; this one keeps the built-in issuer (as an internal administration instance
        // would), so that links can be made before anyone can sign in through the external issuer.
        // It also holds the issuer's key and audience, to check the tokens users present to link their subjects.
        Map<String, String> directory = new HashMap<>(issuers);
        directory.put("payments.jwt.external-issuers.idp.publickey.location", pem.toAbsolutePath().toUri().toString());
        directory.put("payments.jwt.external-issuers.idp.audience", AUDIENCE);
        builtIn = ExtraInstance.startWhenIdle("issuer-directory", directory);
    }

    /** Settings that keep an instance from polling for webhook deliveries and card files and from syncing reports. */
    private static Map<String, String> quiet() {
        return Map.of("payments.webhooks.poll-ms", "86400000", "payments.card-files.poll-ms", "86400000",
                "payments.reports.sync-interval-seconds", "0");
    }

    @AfterAll
    static void stop() {
        if (external != null) {
            external.close();
            builtIn.close();
        }
    }

    @Test
    void externalTokensNeedALinkTheAudienceAndACompanyOfTheIssuerAndCarryNoPlatformRightsByDefault() throws Exception {
        boot();
        KeyPair issuer = issuerKey;
        UUID spokenFor = issuersCompany;
        UUID other = Api.aCompany();
        Api.Member adminOfSpokenFor = Api.anAdminOf(spokenFor);
        Api.Member adminOfOther = Api.anAdminOf(other);
        Api.Person user = Api.aMember(spokenFor, "User").person();
        Api.Person outsider = Api.aMember(other, "User").person();
        Api.Person both = Api.aMember(spokenFor, "User").person();
        Api.join(other, both, "Admin");
        Api.join(spokenFor, Api.root(), "User");
        String uri = external.awaitReady().baseUri();
        // ready with the external issuer's check among its own
        String readiness = external.readiness();
        assertTrue(readiness.contains("\"jwt\""), readiness);
        String adm = builtIn.awaitReady().baseUri();
        // No link: naming the user's e-mail (or even our user id) in the issuer's token reaches nobody.
        String subject = aSubject();
        refused(on(uri, externalToken(issuer, subject, user.email(), AUDIENCE)).get("/api/adm/users/me"), 401);
        refused(on(uri, externalToken(issuer, user.id().toString(), user.email(), AUDIENCE)).get("/api/adm/users/me"), 401);

        // A link needs proof: the Admin of a company the issuer speaks for cannot link a subject to a colleague
        // (and then sign in as them), with or without a token of it; the user links it, presenting a token of it.
        refused(link(on(adm, adminOfSpokenFor.token()), user.id(), "idp", subject), 403);
        refused(linkWithToken(on(adm, adminOfSpokenFor.token()), user.id(), subject,
                externalToken(issuer, subject, user.email(), AUDIENCE)), 403);
        refused(link(on(adm, user.token()), user.id(), "idp", subject), 403); // no token: no proof
        KeyPair forger = anIssuerKey(itDir().resolve("external-issuer-forger.pem"));
        refused(linkWithToken(on(adm, user.token()), user.id(), subject,
                externalToken(forger, subject, user.email(), AUDIENCE)), 400); // not signed by the issuer
        refused(linkWithToken(on(adm, user.token()), user.id(), subject,
                externalToken(issuer, subject, user.email(), "another-service")), 400); // meant for another service
        refused(linkWithToken(on(adm, user.token()), user.id(), subject,
                externalToken(issuer, aSubject(), user.email(), AUDIENCE)), 400); // a token of another subject
        refused(linkWithToken(on(adm, user.token()), user.id(), subject, "not-a-token"), 400);
        assertEquals(0, ok(on(adm, Api.rootToken()).get(links(user.id()))).getList("entries").size(),
                "no refused attempt linked anything");
        UUID linkId = Api.created(linkWithToken(on(adm, user.token()), user.id(), subject,
                externalToken(issuer, subject, user.email(), AUDIENCE)));
        // the link alone decides, not the e-mail
        assertEquals(user.id().toString(), ok(on(uri, externalToken(issuer, subject, "someone-else@example.com", AUDIENCE))
                .get("/api/adm/users/me")).getString("entry.id"), "the linked subject names the user");
        refused(on(uri, externalToken(issuer, subject, user.email(), null)).get("/api/adm/users/me"), 401);
        refused(on(uri, externalToken(issuer, subject, user.email(), "another-service")).get("/api/adm/users/me"), 401);
        List<Map<String, Object>> listed = ok(on(adm, adminOfSpokenFor.token()).get(links(user.id()))).getList("entries");
        assertEquals(1, listed.size(), listed.toString());
        assertEquals("idp", listed.get(0).get("issuer"));
        assertEquals(subject, listed.get(0).get("subject"));

        // Links: one subject of an issuer names one user; unknown issuers are refused; and who may link whom.
        String root = Api.rootToken();
        refused(link(on(adm, root), both.id(), "idp", subject), 400);
        refused(link(on(adm, root), both.id(), "no-such-issuer", aSubject()), 400);
        refused(link(on(adm, adminOfSpokenFor.token()), outsider.id(), "idp", aSubject()), 403);
        refused(on(adm, adminOfSpokenFor.token()).get(links(outsider.id())), 404);
        refused(link(on(adm, adminOfOther.token()), outsider.id(), "idp", aSubject()), 403);
        refused(link(on(adm, user.token()), user.id(), "idp", aSubject()), 403);
        String another = aSubject();
        refused(linkWithToken(on(adm, user.token()), user.id(), subject,
                externalToken(issuer, subject, user.email(), AUDIENCE)), 400); // already linked
        Api.created(linkWithToken(on(adm, user.token()), user.id(), null,
                externalToken(issuer, another, user.email(), AUDIENCE))); // the subject taken from the token
        assertEquals(user.id().toString(), ok(on(uri, externalToken(issuer, another, user.email(), AUDIENCE))
                .get("/api/adm/users/me")).getString("entry.id"));
        assertEquals(2, ok(on(adm, user.token()).get(links(user.id()))).getList("entries").size(),
                "a user lists their own links");

        // A platform administrator links anyone, but a user outside the issuer's companies stays refused.
        String outsiderSubject = aSubject();
        Api.created(link(on(adm, root), outsider.id(), "idp", outsiderSubject));
        refused(on(uri, externalToken(issuer, outsiderSubject, outsider.email(), AUDIENCE)).get("/api/adm/users/me"), 401);

        // A user of both companies acts, through the issuer, only in the one it speaks for: there, an Admin of the
        // other company administers nothing.
        String bothSubject = aSubject();
        Api.created(link(on(adm, root), both.id(), "idp", bothSubject));
        String bothToken = externalToken(issuer, bothSubject, both.email(), AUDIENCE);
        ok(on(uri, bothToken).get("/api/adm/companies/" + spokenFor));
        refused(on(uri, bothToken).get("/api/adm/companies/" + other), 404);
        refused(link(on(uri, bothToken), outsider.id(), "idp", aSubject()), 403);
        ok(Api.as(both.token()).get("/api/adm/companies/" + other)); // control: the built-in token reaches both

        // Through the issuer itself (its instance checks the token with its own verifier's key): a linked Admin
        // links no colleague, but a linked user links another subject of theirs by presenting its token.
        String adminSubject = aSubject();
        Api.created(link(on(adm, root), adminOfSpokenFor.person().id(), "idp", adminSubject));
        Api.Person colleague = Api.aMember(spokenFor, "User").person();
        String colleagueSubject = aSubject();
        String adminThroughIssuer = externalToken(issuer, adminSubject, "ignored@example.com", AUDIENCE);
        refused(link(on(uri, adminThroughIssuer), colleague.id(), "idp", colleagueSubject), 403);
        refused(linkWithToken(on(uri, adminThroughIssuer), colleague.id(), colleagueSubject,
                externalToken(issuer, colleagueSubject, colleague.email(), AUDIENCE)), 403);
        refused(on(uri, externalToken(issuer, colleagueSubject, colleague.email(), AUDIENCE)).get("/api/adm/users/me"), 401);
        String secondSubject = aSubject();
        Api.created(linkWithToken(on(uri, bothToken), both.id(), secondSubject,
                externalToken(issuer, secondSubject, both.email(), AUDIENCE)));
        assertEquals(both.id().toString(), ok(on(uri, externalToken(issuer, secondSubject, both.email(), AUDIENCE))
                .get("/api/adm/users/me")).getString("entry.id"));

        // Unlinking bites on the next request.
        ok(on(adm, adminOfSpokenFor.token()).delete(links(user.id()) + "/" + linkId));
        refused(on(uri, externalToken(issuer, subject, user.email(), AUDIENCE)).get("/api/adm/users/me"), 401);

        // A platform administrator through the issuer: company roles only, no platform rights by default.
        String rootSubject = aSubject();
        Api.created(link(on(adm, root), Api.root().id(), "idp", rootSubject));
        String admin = externalToken(issuer, rootSubject, Api.ROOT_EMAIL, AUDIENCE);
        ok(on(uri, admin).get("/api/adm/users/me"));
        refused(on(uri, admin).get("/api/adm/users"), 403);
        refused(on(uri, admin).body(Map.of("companyName", Api.unique("Co"))).post("/api/adm/companies"), 403);
        // The same platform administrator with a token of the built-in issuer keeps the rights (control).
        ok(Api.asRoot().get("/api/adm/users"));
    }
}
