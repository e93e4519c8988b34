package com.paycore.auth;

import java.util.logging.Logger;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * Not ready while the token configuration is unsafe (an external issuer without an audience: its tokens for any
 * other service of that issuer would be accepted here). The administration API refuses every token meanwhile.
 */
@Readiness
@ApplicationScoped
class JwtReadiness implements HealthCheck {

    private static final Logger LOG = Logger.getLogger(JwtReadiness.class.getName());

    @Inject
    TokenSettings settings;

    void atStartup(@Observes @Initialized(ApplicationScoped.class) Object started) {
        String problem = settings.misconfiguration();
        if (problem != null) {
            LOG.severe("Not ready: " + problem);
        }
    }

    @Override
    public HealthCheckResponse call() {
        String problem = settings.misconfiguration();
        var response = HealthCheckResponse.named("jwt");
        return problem == null ? response.up().build() : response.down().withData("error", problem).build();
    }
}
