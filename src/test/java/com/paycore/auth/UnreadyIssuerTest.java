package com.paycore.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.interfaces.RSAPrivateKey;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Date;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.UriInfo;

import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import com.paycore.platform.web.AppException;
import com.paycore.platform.web.ErrorCode;

/**
 * An instance told to trust an external issuer (its key and its iss) without {@code payments.jwt.audience} never
 * becomes ready: its readiness check is DOWN naming the setting, its start logs it, and meanwhile the administration
 * API trusts none of the issuer's tokens, even ones that name an audience. (The booted "refuses to start" scenario is
 * StartupScenarios' production guard.)
 */
class UnreadyIssuerTest {

    private static final String ISSUER = "https://idp.example.test";

    @TempDir
    Path dir;

    /**
     * The health API's builder without a container (Payara supplies one at run time): it keeps what the check gives
     * it, so that the response says what the check decided.
     */
    @BeforeAll
    static void healthResponses() {
        HealthCheckResponse.setResponseProvider(() -> new HealthCheckResponseBuilder() {
            private String name;
            private HealthCheckResponse.Status status = HealthCheckResponse.Status.DOWN;
            private final Map<String, Object> data = new HashMap<>();

            @Override
            public HealthCheckResponseBuilder name(String name) {
                this.name = name;
                return this;
            }

            @Override
            public HealthCheckResponseBuilder withData(String key, String value) {
                data.put(key, value);
                return this;
            }

            @Override
            public HealthCheckResponseBuilder withData(String key, long value) {
                data.put(key, value);
                return this;
            }

            @Override
            public HealthCheckResponseBuilder withData(String key, boolean value) {
                data.put(key, value);
                return this;
            }

            @Override
            public HealthCheckResponseBuilder up() {
                return status(true);
            }

            @Override
            public HealthCheckResponseBuilder down() {
                return status(false);
            }

            @Override
            public HealthCheckResponseBuilder status(boolean up) {
                status = up ? HealthCheckResponse.Status.UP : HealthCheckResponse.Status.DOWN;
                return this;
            }

            @Override
            public HealthCheckResponse build() {
                return new HealthCheckResponse(name, status, data.isEmpty() ? Optional.empty() : Optional.of(data));
            }
        });
    }

    private Map<String, String> settings(KeyPair issuer) throws Exception {
        Path pem = dir.resolve("issuer.pem");
        Files.writeString(pem, "-----BEGIN PUBLIC KEY-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes()).encodeToString(issuer.getPublic().getEncoded())
                + "\n-----END PUBLIC KEY-----\n");
        Map<String, String> settings = new HashMap<>();
        settings.put(TokenSettings.PUBLIC_KEY_LOCATION, pem.toUri().toString());
        settings.put(TokenSettings.VERIFY_ISSUER, ISSUER);
        return settings;
    }

    private static JwtReadiness readiness(Map<String, String> settings) {
        JwtReadiness readiness = new JwtReadiness();
        readiness.settings = new TokenSettings(settings::get);
        return readiness;
    }

    @Test
    void withoutAnAudienceTheReadinessCheckIsDownNamingTheSettingAndTheStartLogsIt() throws Exception {
        Map<String, String> settings = settings(rsa());
        HealthCheckResponse down = readiness(settings).call();
        assertEquals("jwt", down.getName());
        assertEquals(HealthCheckResponse.Status.DOWN, down.getStatus());
        assertTrue(String.valueOf(down.getData().orElseThrow().get("error")).contains("payments.jwt.audience"),
                down.getData().toString());

        List<LogRecord> logged = new ArrayList<>();
        Logger log = Logger.getLogger(JwtReadiness.class.getName());
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord record) {
                logged.add(record);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        log.addHandler(capture);
        try {
            readiness(settings).atStartup(new Object());
        } finally {
            log.removeHandler(capture);
        }
        assertTrue(logged.stream().anyMatch(r -> r.getLevel() == Level.SEVERE
                && r.getMessage().startsWith("Not ready: ") && r.getMessage().contains("payments.jwt.audience")),
                "the log names the missing setting");

        // The issuer bound to its companies (read from system properties), the audience still missing: still not
        // ready, naming it; with the audience too, ready (control).
        System.setProperty("payments.jwt.external-issuers", "idp");
        System.setProperty("payments.jwt.external-issuers.idp.issuer", ISSUER);
        System.setProperty("payments.jwt.external-issuers.idp.companies", "3f1c2a9e-6b1d-4c1e-9a6f-0d2b7c4e8a11");
        try {
            HealthCheckResponse bound = readiness(settings).call();
            assertEquals(HealthCheckResponse.Status.DOWN, bound.getStatus());
            assertTrue(String.valueOf(bound.getData().orElseThrow().get("error")).contains("payments.jwt.audience"));
            settings.put(TokenSettings.AUDIENCE, "payments-admin-api");
            assertEquals(HealthCheckResponse.Status.UP, readiness(settings).call().getStatus(), "with it: ready");
        } finally {
            List.of("payments.jwt.external-issuers", "payments.jwt.external-issuers.idp.issuer",
                    "payments.jwt.external-issuers.idp.companies").forEach(System::clearProperty);
        }
    }

    @Test
    void withoutAnAudienceTheAdministrationApiTrustsNoneOfTheIssuersTokensEvenOnesNamingAnAudience() throws Exception {
        KeyPair issuer = rsa();
        Map<String, String> settings = settings(issuer);
        AdminAuthentication unready = new AdminAuthentication();
        unready.settings = new TokenSettings(settings::get);
        unready.readConfiguration();
        String token = sign(issuer, "payments-admin-api");
        // the token itself is good: signed by the issuer's key, its iss, in time
        assertTrue(BearerTokens.configured(unready.settings, Clock.systemUTC()).orElseThrow()
                .fromHeader("Bearer " + token).isPresent(), "the verifier takes the token");
        AppException refused = assertThrows(AppException.class, () -> unready.filter(request(token)));
        assertEquals(ErrorCode.UNAUTHENTICATED, refused.code());
    }

    private static ContainerRequestContext request(String token) {
        UriInfo uri = (UriInfo) Proxy.newProxyInstance(UnreadyIssuerTest.class.getClassLoader(),
                new Class<?>[] {UriInfo.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "getPath" -> "adm/users/me";
                    default -> throw new UnsupportedOperationException(method.getName());
                });
        return (ContainerRequestContext) Proxy.newProxyInstance(UnreadyIssuerTest.class.getClassLoader(),
                new Class<?>[] {ContainerRequestContext.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "getUriInfo" -> uri;
                    case "getHeaderString" -> HttpHeaders.AUTHORIZATION.equals(args[0]) ? "Bearer " + token : null;
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }

    private static String sign(KeyPair issuer, String audience) throws Exception {
        Instant now = Instant.now();
        JWTClaimsSet claims = new JWTClaimsSet.Builder().issuer(ISSUER).subject("idp-" + UUID.randomUUID())
                .audience(audience).claim("upn", "someone@example.com").claim("groups", List.of("PlatformAdmin"))
                .issueTime(Date.from(now.minusSeconds(30))).expirationTime(Date.from(now.plusSeconds(600)))
                .jwtID(UUID.randomUUID().toString()).build();
        SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).type(JOSEObjectType.JWT).build(), claims);
        jwt.sign(new RSASSASigner((RSAPrivateKey) issuer.getPrivate()));
        return jwt.serialize();
    }

    private static KeyPair rsa() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        return generator.generateKeyPair();
    }
}
