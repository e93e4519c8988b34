package com.paycore.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PublicKey;
import java.security.interfaces.RSAPrivateKey;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.Date;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Consumer;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.paycore.platform.web.AppException;
import com.paycore.platform.web.ErrorCode;
import com.paycore.user.ExternalIssuers;

/**
 * The check of a token presented to link its subject: only a token the issuer signed, with its iss, unexpired, naming
 * the issuer's audience, proves the subject; an instance without the issuer's key or audience says which setting.
 */
class ExternalTokenCheckTest {

    private static final Instant NOW = Instant.parse("2026-11-27T12:00:00Z");
    private static final String ISS = "https://idp.example.test";
    private static final KeyPair ISSUER = pair();
    private static final KeyPair FORGER = pair();
    private static final ExternalIssuers.Issuer IDP = new ExternalIssuers.Issuer("idp", ISS, Set.of(UUID.randomUUID()));

    @TempDir
    Path dir;

    @AfterEach
    void clearSettings() {
        System.clearProperty("payments.jwt.external-issuers.idp.publickey.location");
        System.clearProperty("payments.jwt.external-issuers.idp.audience");
    }

    @Test
    void aTokenOfTheIssuerForItsAudienceProvesItsSubject() throws Exception {
        ExternalTokenCheck check = withIssuerKey("payments-admin-api");
        assertEquals(Optional.of("subject-1"), check.verifiedSubject(IDP, token(ISSUER, c -> c.subject("subject-1"))));
        assertEquals(Optional.of("subject-1"), check.verifiedSubject(IDP, " " + token(ISSUER, c -> c.subject("subject-1"))));
    }

    @Test
    void anythingElseProvesNothing() throws Exception {
        ExternalTokenCheck check = withIssuerKey("payments-admin-api");
        for (String token : new String[] {
                token(FORGER, c -> { }),
                token(ISSUER, c -> c.audience("another-service")),
                token(ISSUER, c -> c.audience((String) null)),
                token(ISSUER, c -> c.issuer("https://other.example.test")),
                token(ISSUER, c -> c.expirationTime(at(-1))),
                token(ISSUER, c -> c.jwtID(null)),
                "not-a-token", ""}) {
            assertEquals(Optional.empty(), check.verifiedSubject(IDP, token), token);
        }
    }

    @Test
    void theIssuersOwnAudienceComesBeforeTheInstancesOne() throws Exception {
        System.setProperty("payments.jwt.external-issuers.idp.audience", "idp-audience, other");
        ExternalTokenCheck check = withIssuerKey("payments-admin-api");
        assertEquals(Optional.of("s"), check.verifiedSubject(IDP, token(ISSUER, c -> c.subject("s").audience("other"))));
        assertEquals(Optional.empty(), check.verifiedSubject(IDP, token(ISSUER, c -> c.audience("payments-admin-api"))));
    }

    @Test
    void withoutAKeyOrAnAudienceTheLinkCannotBeProvenHere() throws Exception {
        AppException noKey = assertThrows(AppException.class,
                () -> check(Map.of("payments.jwt.audience", "payments-admin-api")).verifiedSubject(IDP, token(ISSUER, c -> { })));
        assertEquals(ErrorCode.VALIDATION, noKey.code());
        assertTrue(noKey.getMessage().contains("payments.jwt.external-issuers.idp.publickey.location"), noKey.getMessage());
        AppException noAudience = assertThrows(AppException.class,
                () -> withIssuerKey(null).verifiedSubject(IDP, token(ISSUER, c -> { })));
        assertTrue(noAudience.getMessage().contains("payments.jwt.external-issuers.idp.audience"), noAudience.getMessage());
    }

    @Test
    void anInstanceThatTrustsTheIssuerChecksWithItsOwnVerifier() {
        ExternalTokenCheck check = check(Map.of("mp.jwt.verify.publickey", pem(ISSUER.getPublic()),
                "mp.jwt.verify.issuer", ISS, "payments.jwt.audience", "payments-admin-api"));
        assertEquals(Optional.of("s"), check.verifiedSubject(IDP, token(ISSUER, c -> c.subject("s"))));
        assertEquals(Optional.empty(), check.verifiedSubject(IDP, token(FORGER, c -> c.subject("s"))));
        ExternalIssuers.Issuer another = new ExternalIssuers.Issuer("another", "https://another.example.test", Set.of());
        assertThrows(AppException.class, () -> check.verifiedSubject(another, token(ISSUER, c -> c.issuer(another.iss()))),
                "the verifier's key is only its own issuer's");
    }

    private ExternalTokenCheck withIssuerKey(String instanceAudience) throws Exception {
        Path pem = dir.resolve("idp.pem");
        Files.writeString(pem, pem(ISSUER.getPublic()));
        System.setProperty("payments.jwt.external-issuers.idp.publickey.location", pem.toUri().toString());
        Map<String, String> settings = new HashMap<>();
        if (instanceAudience != null) {
            settings.put("payments.jwt.audience", instanceAudience);
        }
        return check(settings);
    }

    private static ExternalTokenCheck check(Map<String, String> settings) {
        ExternalTokenCheck check = new ExternalTokenCheck();
        check.settings = new TokenSettings(settings::get);
        check.clock = Clock.fixed(NOW, ZoneOffset.UTC);
        return check;
    }

    private static String token(KeyPair key, Consumer<JWTClaimsSet.Builder> change) {
        JWTClaimsSet.Builder claims = new JWTClaimsSet.Builder().issuer(ISS).subject("subject-" + UUID.randomUUID())
                .audience("payments-admin-api").issueTime(at(-30)).expirationTime(at(600))
                .jwtID(UUID.randomUUID().toString());
        change.accept(claims);
        try {
            SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).type(JOSEObjectType.JWT).build(),
                    claims.build());
            jwt.sign(new RSASSASigner((RSAPrivateKey) key.getPrivate()));
            return jwt.serialize();
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Date at(long secondsFromNow) {
        return Date.from(NOW.plusSeconds(secondsFromNow));
    }

    private static String pem(PublicKey key) {
        return "-----BEGIN PUBLIC KEY-----\n" + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(key.getEncoded())
                + "\n-----END PUBLIC KEY-----\n";
    }

    private static KeyPair pair() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            return generator.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
