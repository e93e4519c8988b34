package com.paycore.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** When an external issuer is configured and what it then requires (settings given as system properties). */
class JwtConfigSourceTest {

    private static final List<String> KEYS = List.of("mp.jwt.verify.publickey.location", "mp.jwt.verify.publickey",
            "mp.jwt.verify.issuer", "mp.jwt.verify.audiences", JwtConfigSource.AUDIENCE, JwtConfigSource.ISSUER,
            JwtConfigSource.EXTERNAL_PLATFORM_ADMINS, "payments.jwt.external-issuers",
            "payments.jwt.external-issuers.idp.issuer", "payments.jwt.external-issuers.idp.companies");

    private static final String COMPANY = "3f1c2a9e-6b1d-4c1e-9a6f-0d2b7c4e8a11";

    @AfterEach
    void clear() {
        KEYS.forEach(System::clearProperty);
    }

    @Test
    void theBuiltInIssuerNeedsNoAudience() {
        assertFalse(JwtConfigSource.externalIssuer());
        assertNull(JwtConfigSource.misconfiguration());
        System.setProperty("mp.jwt.verify.issuer", "payments");
        assertFalse(JwtConfigSource.externalIssuer(), "naming the built-in issuer is not an external one");
    }

    @Test
    void anExternalKeyOrIssuerWithoutAudienceIsAMisconfigurationNamingTheSetting() {
        for (String key : List.of("mp.jwt.verify.publickey.location", "mp.jwt.verify.publickey", "mp.jwt.verify.issuer")) {
            clear();
            System.setProperty(key, key.endsWith("issuer") ? "https://idp.example" : "file:///keys/idp.pem");
            assertTrue(JwtConfigSource.externalIssuer(), key);
            assertTrue(JwtConfigSource.misconfiguration().contains("payments.jwt.audience"), key);
        }
    }

    /** The issuer bound to its companies (issue 24, item 7), so that the audience is the only thing left to check. */
    private static void boundIssuer(String iss) {
        System.setProperty("payments.jwt.external-issuers", "idp");
        System.setProperty("payments.jwt.external-issuers.idp.issuer", iss);
        System.setProperty("payments.jwt.external-issuers.idp.companies", COMPANY);
    }

    @Test
    void anExternalIssuerMustBeNamedWithItsCompanies() {
        System.setProperty("mp.jwt.verify.publickey.location", "file:///keys/idp.pem");
        System.setProperty("mp.jwt.verify.issuer", "https://idp.example");
        System.setProperty(JwtConfigSource.AUDIENCE, "payments-admin");
        assertTrue(JwtConfigSource.misconfiguration().contains("payments.jwt.external-issuers.<name>.issuer=https://idp.example"),
                JwtConfigSource.misconfiguration());
        System.setProperty("payments.jwt.external-issuers", "idp");
        assertTrue(JwtConfigSource.misconfiguration().contains("payments.jwt.external-issuers.idp.issuer"));
        System.setProperty("payments.jwt.external-issuers.idp.issuer", "https://idp.example");
        assertTrue(JwtConfigSource.misconfiguration().contains("payments.jwt.external-issuers.idp.companies"));
        System.setProperty("payments.jwt.external-issuers.idp.companies", "not-an-id");
        assertTrue(JwtConfigSource.misconfiguration().contains("payments.jwt.external-issuers.idp.companies"));
        System.setProperty("payments.jwt.external-issuers.idp.issuer", "https://another.example");
        System.setProperty("payments.jwt.external-issuers.idp.companies", COMPANY);
        assertTrue(JwtConfigSource.misconfiguration().contains("issuer=https://idp.example"), "names another iss");
        boundIssuer("https://idp.example");
        assertNull(JwtConfigSource.misconfiguration());
        assertEquals(java.util.Set.of(java.util.UUID.fromString(COMPANY)),
                com.paycore.user.ExternalIssuers.byIss("https://idp.example").orElseThrow().companies());
    }

    @Test
    void eitherAudienceSettingSatisfiesIt() {
        System.setProperty("mp.jwt.verify.publickey.location", "file:///keys/idp.pem");
        System.setProperty("mp.jwt.verify.audiences", "payments-api, other");
        boundIssuer("payments"); // a key alone: the verified iss stays the built-in name
        assertNull(JwtConfigSource.misconfiguration());
        assertEquals(List.of("payments-api", "other"), JwtConfigSource.audiences());
        System.setProperty(JwtConfigSource.AUDIENCE, "payments-admin");
        assertEquals(List.of("payments-admin"), JwtConfigSource.audiences());
        assertEquals("payments-admin", new JwtConfigSource().getValue("mp.jwt.verify.audiences"));
    }

    @Test
    void externalPlatformAdminsOnlyWhenExplicitlyTrue() {
        assertFalse(JwtConfigSource.externalPlatformAdmins());
        System.setProperty(JwtConfigSource.EXTERNAL_PLATFORM_ADMINS, "yes");
        assertFalse(JwtConfigSource.externalPlatformAdmins());
        System.setProperty(JwtConfigSource.EXTERNAL_PLATFORM_ADMINS, "true");
        assertTrue(JwtConfigSource.externalPlatformAdmins());
    }
}
