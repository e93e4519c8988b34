package com.paycore.it;

import static com.paycore.it.Api.aUser;
import static com.paycore.it.Api.ok;
import static com.paycore.it.Api.refused;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;

/**
 * Tokens of an external OAuth2 issuer, on extra instances configured for one (the test holds the issuer's key and
 * mints its tokens with the JDK): the audience is required, and a platform administrator's email in such a token
 * does not carry platform rights by default.
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

    private static List<String> issuerOptions(Path pem) {
        return List.of("-Dmp.jwt.verify.publickey.location=" + pem.toAbsolutePath().toUri(),
                "-Dmp.jwt.verify.issuer=" + ISSUER);
    }

    /** The issuer's token for an email, with the audience claim as given (null: none) and an unrelated subject. */
    private static String externalToken(KeyPair issuer, String email, String audience) throws Exception {
        long now = Instant.now().getEpochSecond();
        return TestTokens.signClaims(issuer.getPrivate(), "{\"iss\":\"" + ISSUER + "\",\"sub\":\"idp-" + UUID.randomUUID()
                + "\",\"upn\":\"" + email + "\"" + (audience == null ? "" : ",\"aud\":\"" + audience + "\"")
                + ",\"groups\":[\"PlatformAdmin\"],\"iat\":" + (now - 30) + ",\"exp\":" + (now + 600)
                + ",\"jti\":\"" + UUID.randomUUID() + "\"}");
    }

    private static RequestSpecification on(String baseUri, String token) {
        return given().baseUri(baseUri).contentType(ContentType.JSON).accept(ContentType.JSON)
                .header("Authorization", "Bearer " + token);
    }

    private static Path itDir() {
        return Path.of(System.getProperty("payments.it.dir", "target/it"));
    }

    @Test
    void externalTokensNeedTheAudienceAndCarryNoPlatformRightsByDefault() throws Exception {
        Path pem = itDir().resolve("external-issuer.pem");
        KeyPair issuer = anIssuerKey(pem);
        Api.Person user = aUser();
        String port = System.getProperty("payments.it.port.external");
        Process instance = SecondInstance.launch("external", port,
                concat(issuerOptions(pem), "-Dpayments.jwt.audience=" + AUDIENCE));
        try {
            String uri = "http://localhost:" + port;
            SecondInstance.awaitReadiness(instance, uri, "external",
                    r -> r.statusCode() == 200 && r.body().contains("\"jwt\""));

            assertEquals(user.id().toString(),
                    ok(on(uri, externalToken(issuer, user.email(), AUDIENCE)).get("/api/adm/users/me")).getString("entry.id"),
                    "the issuer's token with our audience names the user by upn");
            refused(on(uri, externalToken(issuer, user.email(), null)).get("/api/adm/users/me"), 401);
            refused(on(uri, externalToken(issuer, user.email(), "another-service")).get("/api/adm/users/me"), 401);

            String admin = externalToken(issuer, Api.ROOT_EMAIL, AUDIENCE);
            ok(on(uri, admin).get("/api/adm/users/me"));
            refused(on(uri, admin).get("/api/adm/users"), 403);
            refused(on(uri, admin).body(Map.of("companyName", Api.unique("Co"))).post("/api/adm/companies"), 403);
            // The same platform administrator with a token of the built-in issuer keeps the rights (control).
            ok(Api.asRoot().get("/api/adm/users"));
        } finally {
            SecondInstance.stop(instance);
        }
    }

    @Test
    void anExternalIssuerWithoutAudienceNeverBecomesReady() throws Exception {
        Path pem = itDir().resolve("external-issuer-unready.pem");
        KeyPair issuer = anIssuerKey(pem);
        Api.Person user = aUser();
        String port = System.getProperty("payments.it.port.unready");
        Process instance = SecondInstance.launch("unready", port, issuerOptions(pem));
        try {
            String uri = "http://localhost:" + port;
            Path log = itDir().resolve("unready-instance.log");
            awaitBooted(instance, log);
            HttpResponse<String> readiness = SecondInstance.awaitReadiness(instance, uri, "unready",
                    r -> r.body().contains("\"jwt\"")); // the application's own checks are answering
            assertEquals(503, readiness.statusCode(), readiness.body());
            assertTrue(readiness.body().contains("payments.jwt.audience"), readiness.body());
            // Meanwhile the administration API trusts none of the issuer's tokens, even ones with an audience.
            refused(on(uri, externalToken(issuer, user.email(), AUDIENCE)).get("/api/adm/users/me"), 401);
            assertTrue(text(log).contains("payments.jwt.audience"), "the log names the missing setting");
        } finally {
            SecondInstance.stop(instance);
        }
    }

    /**
     * Health checks and paths answer (503, 404, 500) while the instance still boots: wait until Payara Micro reports
     * itself ready in its log (it does so even when a readiness check is down).
     */
    private static void awaitBooted(Process instance, Path log) throws Exception {
        for (int attempt = 0; attempt < 240; attempt++) {
            if (Files.exists(log) && text(log).lines()
                    .anyMatch(line -> line.contains("Payara Micro") && line.contains(" ready in "))) {
                return;
            }
            if (!instance.isAlive()) {
                throw new AssertionError("the instance exited; see " + log);
            }
            Thread.sleep(1000);
        }
        throw new AssertionError("the instance never finished booting; see " + log);
    }

    /** A server log as text, whatever bytes it holds. */
    private static String text(Path log) throws java.io.IOException {
        return new String(Files.readAllBytes(log), java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    private static List<String> concat(List<String> options, String more) {
        List<String> all = new ArrayList<>(options);
        all.add(more);
        return all;
    }
}
