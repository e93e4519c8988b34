package com.paycore.platform.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class ProductionGuardTest {

    private static Map<String, String> complete() {
        Map<String, String> settings = new HashMap<>();
        settings.put("payments.mode", "production");
        settings.put("payments.mail.smtp.host", "smtp.example.com");
        settings.put("payments.crypto.master-key", "a2V5");
        settings.put("payments.jwt.signing-key", "/etc/payments/jwt.pem");
        settings.put("payments.db.url", "jdbc:postgresql://db/payments");
        return settings;
    }

    @Test
    void developmentIsTheDefaultAndRefusesNothing() {
        assertEquals("development", ProductionGuard.mode(key -> null));
        assertTrue(ProductionGuard.refusals(key -> null).isEmpty());
    }

    @Test
    void aCompleteProductionSetupIsReady() {
        Map<String, String> settings = complete();
        assertTrue(ProductionGuard.refusals(settings::get).isEmpty());
        settings.put("payments.webhooks.allow-private-targets", "false");
        assertTrue(ProductionGuard.refusals(settings::get).isEmpty());
        settings.put("payments.mode", " Production ");
        assertTrue(ProductionGuard.refusals(settings::get).isEmpty());
    }

    @Test
    void productionNamesEveryMissingOrUnsafeSetting() {
        Map<String, String> refusals = ProductionGuard.refusals(
                Map.of("payments.mode", "production", "payments.webhooks.allow-private-targets", "true")::get);
        assertEquals(List.of("payments.mail.smtp.host", "payments.crypto.master-key", "payments.jwt.signing-key",
                "payments.db.url", "payments.webhooks.allow-private-targets"), List.copyOf(refusals.keySet()));
        for (String key : List.of("mail.smtp.host", "crypto.master-key", "jwt.signing-key", "db.url")) {
            Map<String, String> settings = complete();
            settings.remove("payments." + key);
            assertEquals(List.of("payments." + key), List.copyOf(ProductionGuard.refusals(settings::get).keySet()));
        }
    }

    @Test
    void theEmbeddedDatabaseIsRefusedInProduction() {
        Map<String, String> settings = complete();
        settings.put("payments.db.url", "jdbc:h2:file:/var/lib/payments/payments");
        assertTrue(ProductionGuard.refusals(settings::get).get("payments.db.url").contains("PostgreSQL"));
    }

    @Test
    void anUnknownModeIsRefusedNamingTheSetting() {
        assertEquals(List.of("payments.mode"), List.copyOf(ProductionGuard.refusals(Map.of("payments.mode", "prod")::get)
                .keySet()));
    }
}
