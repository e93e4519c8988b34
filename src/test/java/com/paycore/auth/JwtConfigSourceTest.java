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
            JwtConfigSource.EXTERNAL_PLATFORM_ADMINS);

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

    @Test
    void eitherAudienceSettingSatisfiesIt() {
        System.setProperty("mp.jwt.verify.publickey.location", "file:///keys/idp.pem");
        System.setProperty("mp.jwt.verify.audiences", "payments-api, other");
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
