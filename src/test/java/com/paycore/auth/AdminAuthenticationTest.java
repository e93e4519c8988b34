package com.paycore.auth;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The "allowed" side of payments.jwt.external-platform-admins (ExternalIssuerScenarios runs the default side). */
class AdminAuthenticationTest {

    @Test
    void platformRightsThroughAnExternalTokenOnlyWhenAllowed() {
        assertTrue(AdminAuthentication.platformRights(true, false, false), "built-in issuer");
        assertFalse(AdminAuthentication.platformRights(true, true, false), "external, by default");
        assertTrue(AdminAuthentication.platformRights(true, true, true), "external, allowed");
        assertFalse(AdminAuthentication.platformRights(false, true, true), "never for a user without the flag");
    }
}
