package com.paycore.platform;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Logger;

import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.BeforeDestroyed;
import jakarta.enterprise.event.Observes;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.annotation.WebFilter;

import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * Graceful shutdown: when the application stops (SIGTERM), this instance first reports not ready (so the load
 * balancer sends it nothing new), then waits for the requests in flight to finish, at most
 * {@code payments.shutdown.drain-seconds} (default 20), and only then lets the application go on stopping: the
 * schedules are cancelled after this ({@link Schedules}' {@code @PreDestroy}). Requests are counted by a servlet filter
 * around everything the application serves.
 */
@Readiness
@ApplicationScoped
public class Draining implements HealthCheck {

    private static final Logger LOG = Logger.getLogger(Draining.class.getName());
    static final String DRAIN_SETTING = "payments.shutdown.drain-seconds";

    /** Shared with the filter, which the servlet container (not CDI) creates. */
    static final AtomicInteger IN_FLIGHT = new AtomicInteger();
    private static volatile boolean draining;

    private final long drainMillis = Settings.wholeOrOff(DRAIN_SETTING, Settings.get(DRAIN_SETTING), 20) * 1000;

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("shutdown").status(!draining).withData("draining", draining).build();
    }

    /** Before any application-scoped bean is destroyed: not ready, then wait for the requests in flight. */
    void drain(@Observes @Priority(1) @BeforeDestroyed(ApplicationScoped.class) Object stopping) {
        draining = true;
        long deadline = System.currentTimeMillis() + drainMillis;
        LOG.info(() -> "Stopping: not ready; waiting up to " + drainMillis / 1000 + " s for " + IN_FLIGHT.get()
                + " requests in flight");
        try {
            while (IN_FLIGHT.get() > 0 && System.currentTimeMillis() < deadline) {
                Thread.sleep(100);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        int left = IN_FLIGHT.get();
        if (left > 0) {
            LOG.warning(() -> "Stopping with " + left + " requests still in flight after " + drainMillis / 1000 + " s");
        } else {
            LOG.info("Stopping: no request in flight");
        }
    }

    /** Counts the requests the application is serving. */
    @WebFilter(urlPatterns = "/*", asyncSupported = true)
    public static class InFlight implements Filter {

        @Override
        public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
                throws IOException, ServletException {
            IN_FLIGHT.incrementAndGet();
            try {
                chain.doFilter(request, response);
            } finally {
                IN_FLIGHT.decrementAndGet();
            }
        }
    }
}
