package com.paycore.keystore;

import java.time.Duration;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * Reports a warning (the check stays UP: card data can still be read and written) when the active keystore
 * expires within 30 days and no successor exists, so operators generate one in time (E18).
 */
@Readiness
@ApplicationScoped
class KeystoreReadiness implements HealthCheck {

    @Inject
    KeystoreService keystores;

    @Override
    public HealthCheckResponse call() {
        var response = HealthCheckResponse.named("keystore").up();
        try {
            keystores.expiryWarning(Duration.ofDays(30)).ifPresent(warning -> response.withData("warning", warning));
        } catch (RuntimeException e) {
            response.withData("warning", "keystore state unavailable");
        }
        return response.build();
    }
}
