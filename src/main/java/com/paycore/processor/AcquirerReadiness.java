package com.paycore.processor;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * The ISO 8583 hosts this instance has used (gateway 2), each as data on /health/ready: its open connections, and
 * why it cannot be reached when it cannot. The check stays UP: an unreachable acquirer fails its own payments (Error
 * 91), while every other gateway and the rest of the service still work.
 */
@Readiness
@ApplicationScoped
class AcquirerReadiness implements HealthCheck {

    @Inject
    AcquirerGateway gateway;

    @Override
    public HealthCheckResponse call() {
        var response = HealthCheckResponse.named("iso8583-hosts").up();
        for (IsoHost host : gateway.hosts()) {
            int open = host.openConnections();
            String failure = host.lastFailure();
            response.withData(host.endpoint().label(), open > 0
                    ? "connected (" + open + " of " + host.endpoint().connections() + " connections)"
                    : "unreachable" + (failure != null ? " (" + failure + ")" : ""));
        }
        return response.build();
    }
}
