package com.paycore.platform.runtime;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.logging.Level;
import java.util.logging.Logger;

import jakarta.annotation.Priority;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * Ready only after the application has served requests: right after a start the first concurrent requests failed
 * with a {@code ConcurrentModificationException} in the container's JSON-B context resolution, so before
 * reporting ready an instance sends itself rounds of concurrent requests that read and write JSON (an invitation
 * acceptance with an unknown id: 404; a payments read without a key: 401) until one round is answered without a 5xx.
 * The port is Payara Micro's HTTP port ({@code fish.payara.micro.PayaraMicro}, read reflectively), else
 * {@code payments.http.port}; when neither is known (Payara Server without the setting) there is no warm-up. After
 * {@value #GIVE_UP_SECONDS} s without a clean round the instance reports ready anyway, with a warning.
 */
@Readiness
@ApplicationScoped
public class WarmUp implements HealthCheck {

    private static final Logger LOG = Logger.getLogger(WarmUp.class.getName());
    private static final int CONCURRENT = 4;
    static final long GIVE_UP_SECONDS = 120;

    @Resource
    ManagedExecutorService executor;

    @Inject
    @ConfigProperty(name = "payments.http.port")
    Optional<String> configuredPort;

    private volatile boolean done;

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("warm-up").status(done).build();
    }

    void start(@Observes @Priority(StartupOrder.SCHEDULES + 50) @Initialized(ApplicationScoped.class) Object started) {
        Integer port = port();
        if (port == null) {
            LOG.info("No HTTP port known (payments.http.port): no warm-up before readiness");
            done = true;
            return;
        }
        executor.execute(() -> warmUp(port));
    }

    private void warmUp(int port) {
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(2)).executor(executor).build();
        String base = "http://127.0.0.1:" + port + "/api";
        long deadline = System.nanoTime() + Duration.ofSeconds(GIVE_UP_SECONDS).toNanos();
        int rounds = 0;
        try {
            while (System.nanoTime() < deadline) {
                rounds++;
                if (round(client, base)) {
                    int count = rounds;
                    LOG.info(() -> "Warm-up served (" + count + " round(s)); ready");
                    return;
                }
                Thread.sleep(500);
            }
            LOG.warning("Warm-up found no clean round in " + GIVE_UP_SECONDS + " s; reporting ready anyway");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Warm-up failed; reporting ready anyway", e);
        } finally {
            done = true;
        }
    }

    /** One round of concurrent requests; true when every one was answered by the application without a 5xx. */
    private static boolean round(HttpClient client, String base) {
        List<CompletableFuture<HttpResponse<String>>> answers = new ArrayList<>();
        for (int i = 0; i < CONCURRENT; i++) {
            answers.add(client.sendAsync(HttpRequest.newBuilder(URI.create(base + "/auth/invitations/" + UUID.randomUUID()
                                    + "/accept")).timeout(Duration.ofSeconds(10)).header("Content-Type", "application/json")
                            .header("Accept", "application/json")
                            .POST(HttpRequest.BodyPublishers.ofString("{\"token\":\"warm-up\",\"password\":\"warm-up-1\"}"))
                            .build(), HttpResponse.BodyHandlers.ofString()));
            answers.add(client.sendAsync(HttpRequest.newBuilder(URI.create(base + "/pay/" + UUID.randomUUID()
                            + "/transactions")).timeout(Duration.ofSeconds(10)).header("Accept", "application/json").GET()
                    .build(), HttpResponse.BodyHandlers.ofString()));
        }
        boolean clean = true;
        for (CompletableFuture<HttpResponse<String>> answer : answers) {
            try {
                HttpResponse<String> r = answer.join();
                // the application's own answer: the JSON envelope, not the container's page while it deploys
                clean &= r.statusCode() < 500 && r.body() != null && r.body().contains("\"success\"");
            } catch (RuntimeException e) {
                clean = false;
            }
        }
        return clean;
    }

    /** Payara Micro's HTTP port, else {@code payments.http.port}; null when unknown. */
    Integer port() {
        // Payara Server carries the PayaraMicro class too, without its implementation: there, getInstance() would
        // start Payara Micro's launcher, which leaves its own class loader as the thread's context class loader and
        // breaks the deployment (jakarta.el.ExpressionFactory not found). So: only where the implementation is, and
        // with the context class loader put back whatever happens.
        Thread thread = Thread.currentThread();
        ClassLoader context = thread.getContextClassLoader();
        try {
            Class.forName("fish.payara.micro.impl.PayaraMicroImpl", false, WarmUp.class.getClassLoader());
            Class<?> micro = Class.forName("fish.payara.micro.PayaraMicro");
            Object instance = micro.getMethod("getInstance").invoke(null);
            Object port = micro.getMethod("getHttpPort").invoke(instance);
            if (port instanceof Integer p && p > 0 && p < 65536) {
                return p;
            }
        } catch (ReflectiveOperationException | LinkageError | RuntimeException notMicro) {
            // Payara Server, or another runtime: the setting below
        } finally {
            thread.setContextClassLoader(context);
        }
        String setting = configuredPort.orElse("");
        if (!setting.isBlank()) {
            try {
                return Integer.valueOf(setting.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("payments.http.port must be a port number, got " + setting);
            }
        }
        return null;
    }
}
