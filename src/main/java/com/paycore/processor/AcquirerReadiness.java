package com.paycore.processor;

import java.util.Collection;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * The ISO 8583 hosts this instance keeps connections to (gateway 2), as counts on /health/ready: configured,
 * connected, unreachable. Nothing names a host, a port or a processor there: tenants' links are not public (per-host
 * detail is on /business-metrics, behind its credential). The check stays UP: an unreachable acquirer fails its own
 * payments (Error 91), while every other gateway and the rest of the service still work.
 */
@Readiness
@ApplicationScoped
class AcquirerReadiness implements HealthCheck {

    @Inject
    AcquirerGateway gateway;

    @Override
    public HealthCheckResponse call() {
        Collection<IsoHost> hosts = gateway.hosts().values();
        long connected = hosts.stream().filter(host -> host.openConnections() > 0).count();
        long unreachable = hosts.stream().filter(IsoHost::unreachable).count();
        return HealthCheckResponse.named("iso8583-hosts").up()
                .withData("configured", hosts.size())
                .withData("connected", connected)
                .withData("unreachable", unreachable)
                .build();
    }
}
