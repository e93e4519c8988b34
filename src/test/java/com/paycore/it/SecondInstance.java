package com.paycore.it;

import java.io.File;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A second Payara Micro running the same WAR against the same database, started on first use and stopped
 * when the test JVM exits: rules that must hold across instances (row locks, no caches deciding access)
 * are tested by sending requests to both.
 */
final class SecondInstance {

    private static Process process;
    private static String baseUri;

    private SecondInstance() {
    }

    /** The second instance's whole server log (console output), written to target/it/second-instance.log. */
    static java.nio.file.Path log() {
        baseUri();
        return java.nio.file.Path.of(System.getProperty("payments.it.dir", "target/it"), "second-instance.log");
    }

    static synchronized String baseUri() {
        if (process == null) {
            start();
        }
        return baseUri;
    }

    private static void start() {
        String port = System.getProperty("payments.it.port.second");
        String dir = System.getProperty("payments.it.dir", "target/it");
        Deployments.emptied(java.nio.file.Path.of(dir, "second-root"));
        List<String> command = new ArrayList<>();
        command.add(System.getProperty("java.home") + "/bin/java");
        command.addAll(Arrays.asList(System.getProperty("payments.it.server.options", "").trim().split("\\s+")));
        command.addAll(List.of("-jar", System.getProperty("payara.microJar"),
                "--deploy", System.getProperty("payments.it.war"), "--contextroot", "/",
                "--port", port, "--nocluster", "--rootdir", dir + "/second-root"));
        try {
            process = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(new File(dir, "second-instance.log"))
                    .start();
        } catch (Exception e) {
            throw new IllegalStateException("cannot start the second instance", e);
        }
        Process started = process;
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            started.destroy();
            try {
                started.waitFor();
            } catch (InterruptedException ignored) {
                Thread.currentThread().interrupt();
            }
        }));
        baseUri = "http://localhost:" + port;
        waitUntilReady();
    }

    private static void waitUntilReady() {
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        long deadline = System.nanoTime() + Duration.ofSeconds(480).toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("second instance exited; see target/it/second-instance.log");
            }
            try {
                HttpResponse<String> r = client.send(HttpRequest.newBuilder(URI.create(baseUri + "/health/ready"))
                        .timeout(Duration.ofSeconds(2)).build(), HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() == 200) {
                    return;
                }
            } catch (Exception notYet) {
                // still booting
            }
            try {
                Thread.sleep(1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        throw new IllegalStateException("second instance not ready in time; see target/it/second-instance.log");
    }
}
