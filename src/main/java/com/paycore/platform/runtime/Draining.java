package com.paycore.platform.runtime;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import java.util.logging.Logger;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.annotation.WebFilter;

import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;

/**
 * Graceful shutdown on SIGTERM. The instance takes the signal itself, ahead of the JVM's own handler (which
 * would start the shutdown hooks at once and let Payara Micro close its listener with requests in flight):
 * <ol>
 * <li>readiness turns DOWN ({@code shutdown} check), so a load balancer sends nothing new; the instance goes on
 * serving for {@code payments.shutdown.notice-seconds} (default 5), the time a load balancer's health checks take to
 * notice (HAProxy's {@code inter 1s fall 3}, a Kubernetes readiness probe's period), so no request is refused;</li>
 * <li>the requests in flight, counted by a servlet filter around everything the application serves, finish; the
 * whole drain, notice included, lasts at most {@code payments.shutdown.drain-seconds} (default 20);</li>
 * <li>the schedules stop (no new run starts; a run under way finishes its batch in its own transaction);</li>
 * <li>the JVM exits as SIGTERM would have made it (status 143), running Payara's shutdown.</li>
 * </ol>
 * A second SIGTERM while draining changes nothing (a supervisor that must stop the instance sooner sends SIGKILL). Where the JVM does not offer {@code sun.misc.Signal} (not the case on
 * the JDKs Payara Micro supports) the start logs it and SIGTERM stops the instance at once, without draining.
 */
@Readiness
@ApplicationScoped
public class Draining implements HealthCheck {

    private static final Logger LOG = Logger.getLogger(Draining.class.getName());
    static final String DRAIN_SETTING = "payments.shutdown.drain-seconds";
    static final String NOTICE_SETTING = "payments.shutdown.notice-seconds";
    /** The exit status of a process ended by SIGTERM (128 + 15), as the JVM's own handler gives. */
    private static final int TERMINATED = 143;
    /**
     * Resolved when this class is, not at SIGTERM: when the deployment failed after SIGTERM was taken, the
     * application's class loader is closed by then, a class first named at exit could not be loaded, and the instance
     * would never stop on SIGTERM.
     */
    private static final Runtime RUNTIME = Runtime.getRuntime();

    /** Shared with the filter, which the servlet container (not CDI) creates. */
    static final AtomicInteger IN_FLIGHT = new AtomicInteger();
    private final AtomicBoolean draining = new AtomicBoolean();

    @Inject
    @ConfigProperty(name = DRAIN_SETTING)
    Optional<String> drainSeconds;

    @Inject
    @ConfigProperty(name = NOTICE_SETTING)
    Optional<String> noticeSeconds;

    private volatile long drainMillis;
    private volatile long noticeMillis;

    @Inject
    Schedules schedules;

    @Inject
    MetricRegistry registry;

    private volatile ClassLoader applicationLoader;

    @PostConstruct
    void read() {
        drainMillis = Settings.wholeOrOff(DRAIN_SETTING, drainSeconds.orElse(null), 20) * 1000;
        noticeMillis = Settings.wholeOrOff(NOTICE_SETTING, noticeSeconds.orElse(null), 5) * 1000;
        registry.gauge(Metadata.builder().withName("payments_http_requests_in_flight")
                .withDescription("Requests the application is answering now: what a drain waits for").build(),
                IN_FLIGHT, AtomicInteger::doubleValue);
    }

    @Override
    public HealthCheckResponse call() {
        boolean stopping = draining.get();
        return HealthCheckResponse.named("shutdown").status(!stopping).withData("draining", stopping).build();
    }

    /** At startup, before the schedules are armed: SIGTERM comes here. */
    void takeSigterm(@Observes @Priority(StartupOrder.DATA) @Initialized(ApplicationScoped.class) Object started) {
        applicationLoader = Thread.currentThread().getContextClassLoader();
        try {
            Class<?> signal = Class.forName("sun.misc.Signal");
            Class<?> handler = Class.forName("sun.misc.SignalHandler");
            Object term = signal.getConstructor(String.class).newInstance("TERM");
            Object drainFirst = Proxy.newProxyInstance(Draining.class.getClassLoader(), new Class<?>[] {handler},
                    (proxy, method, args) -> {
                        if ("handle".equals(method.getName())) {
                            onSigterm();
                            return null;
                        }
                        return switch (method.getName()) {
                            case "hashCode" -> System.identityHashCode(proxy);
                            case "equals" -> proxy == args[0];
                            default -> "drain on SIGTERM";
                        };
                    });
            signal.getMethod("handle", signal, handler).invoke(null, term, drainFirst);
            LOG.info(() -> "SIGTERM drains first: not ready, serving " + noticeMillis / 1000 + " s more ("
                    + NOTICE_SETTING + "), then up to " + drainMillis / 1000 + " s in all for the requests in flight ("
                    + DRAIN_SETTING + ")");
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            Throwable cause = e instanceof InvocationTargetException ite ? ite.getCause() : e;
            LOG.log(Level.WARNING, "SIGTERM cannot be taken by the application: it stops the instance at once", cause);
        }
    }

    private void onSigterm() {
        if (!draining.compareAndSet(false, true)) {
            LOG.info("SIGTERM again while draining: the drain goes on");
            return;
        }
        // The signal's own thread must return: the drain runs on a thread of its own, with the application's class
        // loader (CDI finds its container through it; the signal's thread has none).
        Thread drain = new Thread(this::drainThenExit, "payments-drain");
        drain.setContextClassLoader(applicationLoader);
        drain.setDaemon(false);
        drain.start();
    }

    private void drainThenExit() {
        long started = System.currentTimeMillis();
        long noticed = started + noticeMillis;
        long deadline = started + drainMillis;
        LOG.info(() -> "SIGTERM: not ready; serving " + noticeMillis / 1000 + " s more for the load balancer to notice, "
                + "waiting up to " + drainMillis / 1000 + " s in all for the requests in flight (" + IN_FLIGHT.get()
                + " now)");
        try {
            long now;
            while ((now = System.currentTimeMillis()) < deadline && (now < noticed || IN_FLIGHT.get() > 0)) {
                Thread.sleep(50);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        int left = IN_FLIGHT.get();
        if (left > 0) {
            LOG.warning(() -> "SIGTERM: stopping with " + left + " requests still in flight after "
                    + drainMillis / 1000 + " s");
        } else {
            LOG.info(() -> "SIGTERM: no request in flight after " + (System.currentTimeMillis() - started)
                    + " ms; stopping the schedules and the instance");
        }
        try {
            schedules.stop();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "SIGTERM: the schedules could not be stopped before the shutdown", e);
        } finally {
            RUNTIME.exit(TERMINATED);
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
