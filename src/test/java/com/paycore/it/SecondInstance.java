package com.paycore.it;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * A second Payara Micro running the same WAR against the same database, stopped when the test JVM exits: rules that
 * must hold across instances (row locks, no caches deciding access) are tested by sending requests to both. It is
 * launched when ApiIT hands its WAR to Arquillian ({@link #launch()}, from {@code ApiIT.deployment}), so that it boots
 * beside the first instance, and awaited on first use. It also serves HTTPS (Payara Micro's own self-signed
 * certificate) and ends a console session after 4 seconds idle or 14 seconds in all, for the console's TLS and
 * session-limit scenario; no other scenario uses its console. Its reports read the fact table only
 * ({@code payments.reports.rollup=false}), so that ReportScenarios compares every report with the first instance's,
 * which reads the hourly rollup wherever it can.
 */
final class SecondInstance {

    /** The console session limits of this instance: short, so that the scenario waits seconds. */
    static final Duration CONSOLE_IDLE = Duration.ofSeconds(4);
    static final Duration CONSOLE_MAX_AGE = Duration.ofSeconds(14);

    private static Process process;
    private static String baseUri;
    private static String secureBaseUri;
    private static boolean ready;

    private SecondInstance() {
    }

    /** The second instance's whole server log (console output), written to target/it/second-instance.log. */
    static Path log() {
        baseUri();
        return Path.of(System.getProperty("payments.it.dir", "target/it"), "second-instance.log");
    }

    static synchronized String baseUri() {
        launch();
        if (!ready) {
            awaitReadiness(process, baseUri, "second", r -> r.statusCode() == 200);
            ready = true;
        }
        return baseUri;
    }

    /** The second instance's address once it has been awaited ready; nothing starts or awaits it here. */
    static synchronized Optional<String> ifStarted() {
        return ready ? Optional.of(baseUri) : Optional.empty();
    }

    /** The second instance's HTTPS address (the certificate is Payara Micro's self-signed one). */
    static synchronized String secureBaseUri() {
        baseUri();
        return secureBaseUri;
    }

    /** Starts the instance without waiting for it (once). */
    static synchronized void launch() {
        if (process != null) {
            return;
        }
        String port = System.getProperty("payments.it.port.second");
        int securePort;
        try (ServerSocket free = new ServerSocket(0)) {
            securePort = free.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException("no free port for the second instance's HTTPS", e);
        }
        process = launch("second", port, List.of("-Dpayments.console.session-timeout=" + CONSOLE_IDLE,
                        "-Dpayments.console.session-max-age=" + CONSOLE_MAX_AGE, "-Dpayments.reports.rollup=false"),
                List.of("--sslport", String.valueOf(securePort)));
        Process started = process;
        Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(started)));
        baseUri = "http://localhost:" + port;
        secureBaseUri = "https://localhost:" + securePort;
    }

    /**
     * Starts another Payara Micro with the same WAR, database and server options plus the given JVM options (extra
     * settings), logging to target/it/&lt;name&gt;-instance.log. The caller stops it with {@link #stop}.
     */
    static Process launch(String name, String port, List<String> extraJvmOptions) {
        return launch(name, port, extraJvmOptions, List.of());
    }

    /** {@link #launch(String, String, List)} with arguments of Payara Micro's own after the usual ones. */
    static Process launch(String name, String port, List<String> extraJvmOptions, List<String> serverArguments) {
        String dir = System.getProperty("payments.it.dir", "target/it");
        Deployments.emptied(Path.of(dir, name + "-root"));
        List<String> command = new ArrayList<>();
        command.add(System.getProperty("java.home") + "/bin/java");
        command.addAll(Arrays.asList(System.getProperty("payments.it.server.options", "").trim().split("\\s+")));
        command.addAll(ExtraInstance.instanceOptions());
        String allowList = IsoPorts.allowedEndpointsOption();
        if (!allowList.isEmpty()) {
            command.add(allowList);
        }
        command.addAll(extraJvmOptions);
        command.addAll(List.of("-jar", System.getProperty("payara.microJar"),
                "--deploy", System.getProperty("payments.it.war"), "--contextroot", "/",
                "--port", port, "--nohazelcast", "--rootdir", dir + "/" + name + "-root"));
        command.addAll(serverArguments);
        try {
            Files.createDirectories(Path.of(dir)); // a fresh clone has no target/it before the first instance writes
            return new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(new File(dir, name + "-instance.log"))
                    .start();
        } catch (Exception e) {
            throw new IllegalStateException("cannot start the " + name + " instance", e);
        }
    }

    static void stop(Process started) {
        started.destroy();
        try {
            started.waitFor();
        } catch (InterruptedException ignored) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Polls the instance's /health/ready until an answer satisfies the condition, and returns that answer; fails
     * if the process exits or nothing satisfies it within 240 s.
     */
    static HttpResponse<String> awaitReadiness(Process instance, String uri, String name,
                                               Predicate<HttpResponse<String>> until) {
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        long deadline = System.nanoTime() + Duration.ofSeconds(480).toNanos();
        while (System.nanoTime() < deadline) {
            if (!instance.isAlive()) {
                throw new IllegalStateException(name + " instance exited; see target/it/" + name + "-instance.log");
            }
            try {
                HttpResponse<String> r = client.send(HttpRequest.newBuilder(URI.create(uri + "/health/ready"))
                        .timeout(Duration.ofSeconds(2)).build(), HttpResponse.BodyHandlers.ofString());
                if (until.test(r)) {
                    return r;
                }
            } catch (Exception notYet) {
                // still booting
            }
            try {
                Thread.sleep(ExtraInstance.LOOK_AGAIN.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted waiting for the " + name + " instance");
            }
        }
        throw new IllegalStateException(name + " instance not ready in time; see target/it/" + name + "-instance.log");
    }
}
