package com.paycore.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import com.paycore.user.ExternalIssuers;

/** When an external issuer is configured and what it then requires (settings given as system properties). */
class TokenSettingsTest {

    private static final List<String> KEYS = List.of("mp.jwt.verify.publickey.location", "mp.jwt.verify.publickey",
            "mp.jwt.verify.clock.skew", "mp.jwt.verify.token.age", "mp.jwt.decrypt.key.location",
            "mp.jwt.verify.issuer", "mp.jwt.verify.audiences", TokenSettings.AUDIENCE, TokenSettings.ISSUER,
            TokenSettings.EXTERNAL_PLATFORM_ADMINS, "payments.jwt.external-issuers",
            "payments.jwt.external-issuers.idp.issuer", "payments.jwt.external-issuers.idp.companies");

    private static final String COMPANY = "3f1c2a9e-6b1d-4c1e-9a6f-0d2b7c4e8a11";

    /** The settings of this moment (ExternalIssuers reads the same system properties). */
    private static TokenSettings settings() {
        return new TokenSettings(System::getProperty);
    }

    @AfterEach
    void clear() {
        KEYS.forEach(System::clearProperty);
    }

    @Test
    void theBuiltInIssuerNeedsNoAudience() {
        assertFalse(settings().externalIssuer());
        assertNull(settings().misconfiguration());
        System.setProperty("mp.jwt.verify.issuer", "payments");
        assertFalse(settings().externalIssuer(), "naming the built-in issuer is not an external one");
    }

    @Test
    void anExternalKeyOrIssuerWithoutAudienceIsAMisconfigurationNamingTheSetting() {
        for (String key : List.of("mp.jwt.verify.publickey.location", "mp.jwt.verify.publickey", "mp.jwt.verify.issuer")) {
            clear();
            System.setProperty(key, key.endsWith("issuer") ? "https://idp.example" : "file:///keys/idp.pem");
            assertTrue(settings().externalIssuer(), key);
            assertTrue(settings().misconfiguration().contains("payments.jwt.audience"), key);
        }
    }

    /** The issuer bound to its companies, so that the audience is the only thing left to check. */
    private static void boundIssuer(String iss) {
        System.setProperty("payments.jwt.external-issuers", "idp");
        System.setProperty("payments.jwt.external-issuers.idp.issuer", iss);
        System.setProperty("payments.jwt.external-issuers.idp.companies", COMPANY);
    }

    @Test
    void anExternalIssuerMustBeNamedWithItsCompanies() {
        System.setProperty("mp.jwt.verify.publickey.location", "file:///keys/idp.pem");
        System.setProperty("mp.jwt.verify.issuer", "https://idp.example");
        System.setProperty(TokenSettings.AUDIENCE, "payments-admin");
        assertTrue(settings().misconfiguration().contains("payments.jwt.external-issuers.<name>.issuer=https://idp.example"),
                settings().misconfiguration());
        System.setProperty("payments.jwt.external-issuers", "idp");
        assertTrue(settings().misconfiguration().contains("payments.jwt.external-issuers.idp.issuer"));
        System.setProperty("payments.jwt.external-issuers.idp.issuer", "https://idp.example");
        assertTrue(settings().misconfiguration().contains("payments.jwt.external-issuers.idp.companies"));
        System.setProperty("payments.jwt.external-issuers.idp.companies", "not-an-id");
        assertTrue(settings().misconfiguration().contains("payments.jwt.external-issuers.idp.companies"));
        System.setProperty("payments.jwt.external-issuers.idp.issuer", "https://another.example");
        System.setProperty("payments.jwt.external-issuers.idp.companies", COMPANY);
        assertTrue(settings().misconfiguration().contains("issuer=https://idp.example"), "names another iss");
        boundIssuer("https://idp.example");
        assertNull(settings().misconfiguration());
        assertEquals(Set.of(UUID.fromString(COMPANY)),
                ExternalIssuers.byIss("https://idp.example").orElseThrow().companies());
    }

    @Test
    void eitherAudienceSettingSatisfiesIt() {
        System.setProperty("mp.jwt.verify.publickey.location", "file:///keys/idp.pem");
        System.setProperty("mp.jwt.verify.audiences", "payments-api, other");
        boundIssuer("payments"); // a key alone: the verified iss stays the built-in name
        assertNull(settings().misconfiguration());
        assertEquals(List.of("payments-api", "other"), settings().audiences());
        System.setProperty(TokenSettings.AUDIENCE, "payments-admin");
        assertEquals(List.of("payments-admin"), settings().audiences());
        // The signature check requires what MicroProfile JWT required: mp.jwt.verify.audiences as given (not trimmed).
        assertEquals(List.of("payments-api", " other"), settings().verifiedAudiences());
        System.clearProperty("mp.jwt.verify.audiences");
        assertEquals(List.of("payments-admin"), settings().verifiedAudiences());
    }

    @Test
    void externalPlatformAdminsOnlyWhenExplicitlyTrue() {
        assertFalse(settings().externalPlatformAdmins());
        System.setProperty(TokenSettings.EXTERNAL_PLATFORM_ADMINS, "yes");
        assertFalse(settings().externalPlatformAdmins());
        System.setProperty(TokenSettings.EXTERNAL_PLATFORM_ADMINS, "true");
        assertTrue(settings().externalPlatformAdmins());
    }

    @Test
    void settingsMicroProfileJwtHadAndThisServiceHasNotMakeItNotReady() {
        System.setProperty("mp.jwt.decrypt.key.location", "file:///keys/decrypt.pem");
        assertTrue(settings().misconfiguration().contains("mp.jwt.decrypt.key.location"), settings().misconfiguration());
        assertTrue(settings().unusable().contains("mp.jwt.decrypt.key.location"));
        System.clearProperty("mp.jwt.decrypt.key.location");
        System.setProperty("mp.jwt.verify.clock.skew", "a minute");
        assertTrue(settings().misconfiguration().contains("mp.jwt.verify.clock.skew"));
        System.setProperty("mp.jwt.verify.clock.skew", "60");
        System.setProperty("mp.jwt.verify.token.age", "300");
        assertNull(settings().misconfiguration());
        assertEquals(60, settings().clockSkewSeconds());
        assertEquals(Optional.of(300L), settings().maxTokenAgeSeconds());
    }

    @Test
    void blankCountsAsUnset() {
        System.setProperty("mp.jwt.verify.issuer", " ");
        assertEquals("payments", settings().verifiedIssuer());
        assertFalse(settings().externalIssuer());
        assertEquals(0, settings().clockSkewSeconds());
    }
}
