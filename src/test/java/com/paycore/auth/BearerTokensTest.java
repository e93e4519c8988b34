package com.paycore.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PublicKey;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.RSAPrivateKey;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.text.ParseException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSSigner;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import com.sun.net.httpserver.HttpServer;

import org.junit.jupiter.api.Test;

/** Every acceptance and refusal of the bearer token check, as MicroProfile JWT (Payara 6.2025.10) decided them. */
class BearerTokensTest {

    private static final Instant NOW = Instant.parse("2026-11-26T12:00:00Z");
    private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);
    private static final KeyPair RSA = pair("RSA");
    private static final KeyPair OTHER_RSA = pair("RSA");
    private static final KeyPair EC = pair("EC");

    // ---- the built-in issuer: one PEM key, no audience ----------------------------------------------------------

    @Test
    void aGoodTokenIsAcceptedWhateverKidItNames() {
        BearerTokens tokens = tokens(pem(RSA.getPublic()), List.of());
        assertTrue(tokens.verify(rs256(claims(c -> { }), "JWT", null)).isPresent());
        assertTrue(tokens.verify(rs256(claims(c -> { }), "JWT", "any-kid")).isPresent(), "a PEM key has no kid");
        assertEquals("payments", tokens.fromHeader("Bearer " + rs256(claims(c -> { }), "JWT", null)).orElseThrow()
                .getIssuer());
        assertTrue(tokens.fromHeader("Bearer  " + rs256(claims(c -> { }), "JWT", null)).isPresent(), "extra space");
    }

    @Test
    void noBearerTokenIsNoCaller() {
        BearerTokens tokens = tokens(pem(RSA.getPublic()), List.of());
        String good = rs256(claims(c -> { }), "JWT", null);
        for (String header : new String[] {null, "", "Bearer", "Bearer ", "bearer " + good, "Basic dXNlcjpwYXNz",
                "BEARER " + good}) {
            assertFalse(tokens.fromHeader(header).isPresent(), String.valueOf(header));
        }
    }

    @Test
    void malformedAndTamperedTokensAreRefused() {
        BearerTokens tokens = tokens(pem(RSA.getPublic()), List.of());
        String good = rs256(claims(c -> { }), "JWT", null);
        for (String token : new String[] {"not.a.jwt", "not-a-jwt", "a".repeat(4000), "a.b.c.d.e", "..", good + ".",
                good.substring(0, good.length() - 4) + "AAAA", good.substring(0, good.lastIndexOf('.') + 1),
                "\u00e4.\u00f6.\u00fc"}) {
            assertFalse(tokens.verify(token).isPresent(), token);
        }
    }

    @Test
    void algNoneHmacWithThePublicKeyAndOtherAlgorithmsAreRefused() throws JOSEException {
        BearerTokens tokens = tokens(pem(RSA.getPublic()), List.of());
        JWTClaimsSet claims = claims(c -> { });
        String body = b64(claims.toString());
        assertFalse(tokens.verify(b64("{\"alg\":\"none\",\"typ\":\"JWT\"}") + "." + body + ".").isPresent());
        assertFalse(tokens.verify("eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.").isPresent());
        for (byte[] secret : List.of(pem(RSA.getPublic()).getBytes(StandardCharsets.US_ASCII), RSA.getPublic().getEncoded())) {
            assertFalse(tokens.verify(signed(JWSAlgorithm.HS256, new MACSigner(secret), claims, null)).isPresent(),
                    "HS256 keyed with the public key");
        }
        assertFalse(tokens.verify(signed(JWSAlgorithm.RS512, new RSASSASigner(RSA.getPrivate()), claims, null)).isPresent());
        assertFalse(tokens.verify(signed(JWSAlgorithm.PS256, new RSASSASigner(RSA.getPrivate()), claims, null)).isPresent());
    }

    @Test
    void anotherKeysSignatureIsRefused() {
        BearerTokens tokens = tokens(pem(RSA.getPublic()), List.of());
        assertFalse(tokens.verify(sign(OTHER_RSA, claims(c -> { }), "JWT", null)).isPresent());
    }

    @Test
    void typMustBeExactlyJwt() {
        BearerTokens tokens = tokens(pem(RSA.getPublic()), List.of());
        JWTClaimsSet claims = claims(c -> { });
        assertFalse(tokens.verify(rs256(claims, null, null)).isPresent(), "no typ");
        assertFalse(tokens.verify(rs256(claims, "jwt", null)).isPresent(), "lower case");
        assertFalse(tokens.verify(rs256(claims, "at+jwt", null)).isPresent());
    }

    @Test
    void expiryWithTheConfiguredSkewOnly() {
        BearerTokens tokens = tokens(pem(RSA.getPublic()), List.of());
        assertFalse(tokens.verify(rs256(claims(c -> c.issueTime(at(-1200)).expirationTime(at(-600))), "JWT", null)).isPresent());
        assertFalse(tokens.verify(rs256(claims(c -> c.expirationTime(at(0))), "JWT", null)).isPresent(), "exp is now");
        assertTrue(tokens.verify(rs256(claims(c -> c.expirationTime(at(1))), "JWT", null)).isPresent());
        assertFalse(tokens.verify(rs256(claims(c -> c.issueTime(at(700))), "JWT", null)).isPresent(), "iat after exp");
        BearerTokens skewed = new BearerTokens(keys(pem(RSA.getPublic())), "payments", List.of(), 60, Optional.empty(), CLOCK);
        assertTrue(skewed.verify(rs256(claims(c -> c.issueTime(at(-600)).expirationTime(at(-30))), "JWT", null)).isPresent());
        assertFalse(skewed.verify(rs256(claims(c -> c.issueTime(at(-600)).expirationTime(at(-60))), "JWT", null)).isPresent());
    }

    @Test
    void notBeforeAndAFutureIatAreNotCheckedAsMicroProfileJwtDidNot() {
        BearerTokens tokens = tokens(pem(RSA.getPublic()), List.of());
        assertTrue(tokens.verify(rs256(claims(c -> c.notBeforeTime(at(3000))), "JWT", null)).isPresent());
        assertTrue(tokens.verify(rs256(claims(c -> c.issueTime(at(3000)).expirationTime(at(6000))), "JWT", null)).isPresent());
    }

    @Test
    void tokenAgeWhenConfigured() {
        BearerTokens aged = new BearerTokens(keys(pem(RSA.getPublic())), "payments", List.of(), 0, Optional.of(300L), CLOCK);
        assertTrue(aged.verify(rs256(claims(c -> c.issueTime(at(-300))), "JWT", null)).isPresent());
        assertFalse(aged.verify(rs256(claims(c -> c.issueTime(at(-301))), "JWT", null)).isPresent());
    }

    @Test
    void theRequiredClaimsAndTheIssuer() {
        BearerTokens tokens = tokens(pem(RSA.getPublic()), List.of());
        for (String claim : BearerTokens.REQUIRED) {
            assertFalse(tokens.verify(rs256(claims(c -> c.claim(claim, null)), "JWT", null)).isPresent(), claim);
        }
        assertFalse(tokens.verify(rs256(claims(c -> c.issuer("someone-else")), "JWT", null)).isPresent());
        assertFalse(tokens.verify(rs256(claims(c -> c.claim("upn", 5)), "JWT", null)).isPresent(), "upn not a string");
        assertTrue(tokens.verify(rs256(claims(c -> c.claim("upn", null)), "JWT", null)).isPresent(), "sub names the caller");
    }

    @Test
    void audiencesWhenConfigured() {
        BearerTokens open = tokens(pem(RSA.getPublic()), List.of());
        assertTrue(open.verify(rs256(claims(c -> c.audience("anyone")), "JWT", null)).isPresent(), "none configured");
        BearerTokens tokens = tokens(pem(RSA.getPublic()), List.of("payments-api", " other"));
        assertFalse(tokens.verify(rs256(claims(c -> { }), "JWT", null)).isPresent(), "no aud");
        assertFalse(tokens.verify(rs256(claims(c -> c.audience("someone")), "JWT", null)).isPresent());
        assertTrue(tokens.verify(rs256(claims(c -> c.audience(List.of("x", "payments-api"))), "JWT", null)).isPresent());
        assertTrue(tokens.verify(rs256(claims(c -> c.audience(" other")), "JWT", null)).isPresent());
        assertFalse(tokens.verify(rs256(claims(c -> c.audience("other")), "JWT", null)).isPresent(),
                "the list is not trimmed, as MicroProfile JWT did not trim it");
    }

    // ---- external issuers: EC keys, JWK and JWK Set, locations --------------------------------------------------

    @Test
    void es256WithAnEcKeyAndNeverAcrossKeyTypes() throws JOSEException {
        BearerTokens ec = tokens(pem(EC.getPublic()), List.of());
        JWTClaimsSet claims = claims(c -> { });
        assertTrue(ec.verify(signed(JWSAlgorithm.ES256, new ECDSASigner((ECPrivateKey) EC.getPrivate()), claims, null)).isPresent());
        assertFalse(ec.verify(rs256(claims, "JWT", null)).isPresent(), "RS256 against an EC key");
        BearerTokens rsa = tokens(pem(RSA.getPublic()), List.of());
        assertFalse(rsa.verify(signed(JWSAlgorithm.ES256, new ECDSASigner((ECPrivateKey) EC.getPrivate()), claims, null)).isPresent());
    }

    @Test
    void inAJwkSetTheKidPicksTheKey() {
        String jwks = new JWKSet(List.of(jwk(OTHER_RSA, "k1"), jwk(RSA, "k2"))).toString();
        BearerTokens tokens = tokens(jwks, List.of());
        JWTClaimsSet claims = claims(c -> { });
        assertTrue(tokens.verify(rs256(claims, "JWT", "k2")).isPresent());
        assertFalse(tokens.verify(rs256(claims, "JWT", "k1")).isPresent(), "the other key");
        assertFalse(tokens.verify(rs256(claims, "JWT", "k3")).isPresent(), "a kid the set does not hold");
        assertFalse(tokens.verify(rs256(claims, "JWT", null)).isPresent(), "no kid: the first key, not this one");
        assertTrue(tokens(new JWKSet(List.of(jwk(RSA, "k2"), jwk(OTHER_RSA, "k1"))).toString(), List.of())
                .verify(rs256(claims, "JWT", null)).isPresent(), "no kid: the first key");
        String base64 = Base64.getEncoder().encodeToString(jwks.getBytes(StandardCharsets.UTF_8));
        assertTrue(tokens(base64, List.of()).verify(rs256(claims, "JWT", "k2")).isPresent(), "base64 of a JWK Set");
    }

    @Test
    void aLoneJwkVerifiesWhateverTheKid() {
        BearerTokens tokens = tokens(jwk(RSA, "k1").toJSONString(), List.of());
        assertTrue(tokens.verify(rs256(claims(c -> { }), "JWT", "k9")).isPresent());
        assertTrue(tokens.verify(rs256(claims(c -> { }), "JWT", null)).isPresent());
    }

    @Test
    void unreadableKeyTextIsRefusedAtTheStart() {
        for (String text : new String[] {"not a key", "{\"kty\":\"oct\",\"k\":\"c2VjcmV0\"}", "{}"}) {
            assertTrue(configured(Map.of(TokenSettings.PUBLIC_KEY, text)).isEmpty()
                    || configured(Map.of(TokenSettings.PUBLIC_KEY, text)).orElseThrow()
                    .verify(rs256(claims(c -> { }), "JWT", null)).isEmpty(), text);
        }
    }

    @Test
    void theSettingsChooseTheKeysAsMicroProfileJwtDid() throws IOException {
        Path pem = Files.createTempFile("idp", ".pem");
        Files.writeString(pem, pem(RSA.getPublic()));
        String token = sign(RSA, claims(c -> c.issuer("https://idp.example")), "JWT", null);
        for (String location : List.of(pem.toUri().toString(), pem.toString())) {
            Optional<BearerTokens> tokens = configured(Map.of(TokenSettings.PUBLIC_KEY_LOCATION, location,
                    TokenSettings.VERIFY_ISSUER, "https://idp.example"));
            assertTrue(tokens.orElseThrow().verify(token).isPresent(), location);
        }
        assertTrue(configured(Map.of(TokenSettings.PUBLIC_KEY, pem(RSA.getPublic()),
                TokenSettings.VERIFY_ISSUER, "https://idp.example")).orElseThrow().verify(token).isPresent());
        assertFalse(configured(Map.of(TokenSettings.PUBLIC_KEY_LOCATION, pem.toString())).orElseThrow().verify(token)
                .isPresent(), "iss stays the built-in issuer's unless mp.jwt.verify.issuer names another");
        assertTrue(configured(Map.of("mp.jwt.decrypt.key.location", "file:///k.pem")).isEmpty(), "not supported");
        Files.delete(pem);
    }

    @Test
    void aRemoteJwkSetIsCachedAndRefetchedForAKidItDoesNotKnow() throws IOException {
        AtomicReference<String> served = new AtomicReference<>(new JWKSet(List.of(jwk(OTHER_RSA, "k1"))).toString());
        AtomicInteger fetches = new AtomicInteger();
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/jwks", exchange -> {
            fetches.incrementAndGet();
            byte[] body = served.get().getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        try {
            String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/jwks";
            BearerTokens tokens = configured(Map.of(TokenSettings.PUBLIC_KEY_LOCATION, url)).orElseThrow();
            assertTrue(tokens.verify(sign(OTHER_RSA, claims(c -> { }), "JWT", "k1")).isPresent());
            assertTrue(tokens.verify(sign(OTHER_RSA, claims(c -> { }), "JWT", "k1")).isPresent());
            assertEquals(1, fetches.get(), "cached");
            served.set(new JWKSet(List.of(jwk(OTHER_RSA, "k1"), jwk(RSA, "k2"))).toString()); // the issuer rotates
            assertTrue(tokens.verify(sign(RSA, claims(c -> { }), "JWT", "k2")).isPresent(), "an unknown kid refetches");
            assertEquals(2, fetches.get());
            assertFalse(tokens.verify(sign(RSA, claims(c -> { }), "JWT", "k3")).isPresent());
        } finally {
            server.stop(0);
        }
    }

    @Test
    void anUnreachableLocationRefusesWithinItsTimeouts() throws IOException {
        HttpServer silent = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        CountDownLatch done = new CountDownLatch(1); // the server answers nothing until the test has its verdict
        silent.createContext("/jwks", exchange -> {
            try {
                done.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException stopped) {
                Thread.currentThread().interrupt();
            }
            exchange.close();
        });
        silent.start();
        try {
            String url = "http://127.0.0.1:" + silent.getAddress().getPort() + "/jwks";
            BearerTokens tokens = configured(Map.of(TokenSettings.PUBLIC_KEY_LOCATION, url)).orElseThrow();
            long started = System.nanoTime();
            assertFalse(tokens.verify(rs256(claims(c -> { }), "JWT", null)).isPresent());
            long millis = (System.nanoTime() - started) / 1_000_000;
            assertTrue(millis < VerificationKeys.CONNECT_TIMEOUT_MS + VerificationKeys.READ_TIMEOUT_MS + 2_000, millis + " ms");
        } finally {
            done.countDown(); // stop waits for the handler's thread
            silent.stop(0);
        }
    }

    // ---- helpers ------------------------------------------------------------------------------------------------

    private static Optional<BearerTokens> configured(Map<String, String> settings) {
        return BearerTokens.configured(new TokenSettings(settings::get), CLOCK);
    }

    private static BearerTokens tokens(String keyText, List<String> audiences) {
        return new BearerTokens(keys(keyText), "payments", audiences, 0, Optional.empty(), CLOCK);
    }

    private static JWKSource<SecurityContext> keys(String text) {
        try {
            return VerificationKeys.of(text);
        } catch (ParseException e) {
            throw new IllegalArgumentException(e);
        }
    }

    private static JWTClaimsSet claims(Consumer<JWTClaimsSet.Builder> change) {
        JWTClaimsSet.Builder claims = new JWTClaimsSet.Builder().issuer("payments").subject(UUID.randomUUID().toString())
                .claim("upn", "someone@example.com").issueTime(at(0)).expirationTime(at(600))
                .jwtID(UUID.randomUUID().toString());
        change.accept(claims);
        return claims.build();
    }

    private static Date at(long secondsFromNow) {
        return Date.from(NOW.plusSeconds(secondsFromNow));
    }

    private static String rs256(JWTClaimsSet claims, String typ, String kid) {
        return sign(RSA, claims, typ, kid);
    }

    private static String sign(KeyPair pair, JWTClaimsSet claims, String typ, String kid) {
        try {
            JWSHeader.Builder header = new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(kid);
            if (typ != null) {
                header.type(new JOSEObjectType(typ));
            }
            SignedJWT jwt = new SignedJWT(header.build(), claims);
            jwt.sign(new RSASSASigner((RSAPrivateKey) pair.getPrivate()));
            return jwt.serialize();
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String signed(JWSAlgorithm algorithm, JWSSigner signer, JWTClaimsSet claims, String kid)
            throws JOSEException {
        SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(algorithm).type(JOSEObjectType.JWT).keyID(kid).build(), claims);
        jwt.sign(signer);
        return jwt.serialize();
    }

    private static RSAKey jwk(KeyPair pair, String kid) {
        return new RSAKey.Builder((RSAPublicKey) pair.getPublic()).keyID(kid).build();
    }

    private static String pem(PublicKey key) {
        return "-----BEGIN PUBLIC KEY-----\n" + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(key.getEncoded())
                + "\n-----END PUBLIC KEY-----\n";
    }

    private static String b64(String json) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(json.getBytes(StandardCharsets.UTF_8));
    }

    private static KeyPair pair(String algorithm) {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance(algorithm);
            if (algorithm.equals("EC")) {
                generator.initialize(new ECGenParameterSpec("secp256r1"));
            } else {
                generator.initialize(2048);
            }
            return generator.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
