package com.paycore.it;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A Payara Micro of its own, with settings of its own (system properties after the tests' usual ones, so they win),
 * for scenarios that need restarts with another configuration, such as a master-key rotation. Stopped by close().
 */
final class ExtraInstance implements AutoCloseable {

    private final Process process;
    private final String baseUri;
    private final Path log;

    private ExtraInstance(Process process, String baseUri, Path log) {
        this.process = process;
        this.baseUri = baseUri;
        this.log = log;
    }

    /** Starts the WAR with the settings; returns at once (see {@link #awaitReady} and {@link #awaitRefusal}). */
    static ExtraInstance start(String name, Map<String, String> settings) throws IOException {
        return start(name, settings, List.of());
    }

    /**
     * {@link #start(String, Map)} at a lower CPU priority ({@code nice -n 10}), for an instance that boots and works
     * in the background while the scenarios run: it takes the CPU they leave idle rather than slowing them down.
     */
    static ExtraInstance startInBackground(String name, Map<String, String> settings) throws IOException {
        return start(name, settings, List.of(), List.of(), Priority.LOW);
    }

    /**
     * {@link #start(String, Map)} with the CPU only when nothing else wants it (Linux's {@code SCHED_IDLE}, through
     * {@code chrt --idle 0}; {@code nice -n 19} without chrt), for an instance whose whole scenario runs in the
     * background ({@link Background}) and whose test only waits for the outcome: the scenarios in the foreground keep
     * both cores (a {@code nice -n 10} JVM's many threads still took half of them), and these instances boot and work
     * in the time the foreground leaves idle. Nothing may measure such an instance's speed.
     */
    static ExtraInstance startWhenIdle(String name, Map<String, String> settings) throws IOException {
        return start(name, settings, List.of(), List.of(), Priority.IDLE);
    }

    /**
     * The bound of every wait in a background scenario on {@link #startWhenIdle} instances (a boot, a claim, a file's
     * end): one no such wait can reach on a machine the foreground keeps busy, where an idle-class instance may not
     * move until the foreground ends (a run on a slow machine starved one for over ten minutes). The bound that
     * counts is the test's {@link Background#await}, from when the test begins to wait.
     */
    static final Duration WHEN_IDLE = Duration.ofMinutes(60);

    /** Between two looks at a booting instance's readiness: a boot's end is seen within a quarter of a second. */
    static final Duration LOOK_AGAIN = Duration.ofMillis(250);

    /** The client of the readiness polls (a client of its own per poll started a selector thread each time). */
    private static final HttpClient HEALTH = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    /** {@link #start(String, Map)} with Payara Micro options of its own (such as {@code --maxHttpThreads 16}). */
    static ExtraInstance start(String name, Map<String, String> settings, List<String> microOptions) throws IOException {
        return start(name, settings, microOptions, List.of());
    }

    /**
     * {@link #start(String, Map, List)} with JVM options of its own after the tests' usual ones (they win): the
     * instances of the tests boot with the JIT's first tier only and the serial collector
     * ({@code payments.it.instance.options}, about half the boot's CPU), and one whose speed a test measures as
     * production's asks for the full JIT and G1 back.
     */
    static ExtraInstance start(String name, Map<String, String> settings, List<String> microOptions,
                               List<String> jvmOptions) throws IOException {
        return start(name, settings, microOptions, jvmOptions, Priority.USUAL);
    }

    private static ExtraInstance start(String name, Map<String, String> settings, List<String> microOptions,
                                       List<String> jvmOptions, Priority priority) throws IOException {
        String dir = System.getProperty("payments.it.dir", "target/it");
        Path root = Path.of(dir, name + "-root");
        Deployments.emptied(root);
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        List<String> command = new ArrayList<>(priority.prefix());
        command.add(System.getProperty("java.home") + "/bin/java");
        command.addAll(Arrays.asList(System.getProperty("payments.it.server.options", "").trim().split("\\s+")));
        command.addAll(instanceOptions());
        command.addAll(jvmOptions);
        String allowList = IsoPorts.allowedEndpointsOption();
        if (!allowList.isEmpty()) {
            command.add(allowList);
        }
        settings.forEach((key, value) -> command.add("-D" + key + "=" + value));
        command.addAll(List.of("-jar", System.getProperty("payara.microJar"),
                "--deploy", System.getProperty("payments.it.war"), "--contextroot", "/",
                "--port", String.valueOf(port), "--nohazelcast", "--rootdir", root.toString()));
        command.addAll(microOptions);
        Path log = Path.of(dir, name + ".log");
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        ExtraInstance started = new ExtraInstance(process, "http://localhost:" + port, log);
        Runtime.getRuntime().addShutdownHook(new Thread(started::close));
        return started;
    }

    /** The CPU priority an instance starts with (its JVM's threads inherit it). */
    private enum Priority {
        USUAL, LOW, IDLE;

        /** The command that runs the JVM at this priority, where the machine has it. */
        List<String> prefix() {
            if (this == IDLE && new File("/usr/bin/chrt").canExecute()) {
                return List.of("/usr/bin/chrt", "--idle", "0");
            }
            if (this != USUAL && new File("/usr/bin/nice").canExecute()) {
                return List.of("/usr/bin/nice", "-n", this == IDLE ? "19" : "10");
            }
            return List.of();
        }
    }

    /** The JVM options of the tests' extra Payara Micro instances (pom.xml, it.instance.options). */
    static List<String> instanceOptions() {
        String options = System.getProperty("payments.it.instance.options", "").trim();
        return options.isEmpty() ? List.of() : Arrays.asList(options.split("\\s+"));
    }

    String baseUri() {
        return baseUri;
    }

    String log() throws IOException {
        return Files.readString(log, StandardCharsets.UTF_8);
    }

    /** Waits until /health/ready answers 200; fails when the instance exits or refuses to deploy first. */
    ExtraInstance awaitReady() throws IOException {
        return awaitReady(Duration.ofSeconds(300));
    }

    /** {@link #awaitReady()} with a bound of its own (several instances booting at once on a small machine). */
    ExtraInstance awaitReady(Duration bound) throws IOException {
        long deadline = System.nanoTime() + bound.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive() || log().contains("Exception while loading the app")) {
                throw new AssertionError("instance did not start; see " + log);
            }
            if (ready() == 200) {
                return this;
            }
            pause();
        }
        throw new AssertionError("instance not ready in time; see " + log);
    }

    /** Waits until the deployment has failed (or the process exited); the log up to then. */
    String awaitRefusal() throws IOException {
        long deadline = System.nanoTime() + Duration.ofSeconds(300).toNanos();
        while (System.nanoTime() < deadline) {
            String text = log();
            if (!process.isAlive() || text.contains("Exception while loading the app")) {
                return text;
            }
            if (ready() == 200) {
                throw new AssertionError("instance became ready; see " + log);
            }
            pause();
        }
        throw new AssertionError("instance neither ready nor refused in time; see " + log);
    }

    /** The body of GET /health/ready (its checks, by name). */
    String readiness() throws IOException, InterruptedException {
        return health(Duration.ofSeconds(10)).body();
    }

    /** The status of GET /health/ready, or -1 when nothing answers. */
    int ready() {
        try {
            return health(Duration.ofSeconds(2)).statusCode();
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    private HttpResponse<String> health(Duration timeout) throws IOException, InterruptedException {
        return HEALTH.send(HttpRequest.newBuilder(URI.create(baseUri + "/health/ready")).timeout(timeout).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static void pause() {
        try {
            Thread.sleep(LOOK_AGAIN.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Waits until the process has ended on its own (at most the bound); its exit status, or -1 if still alive. */
    int awaitExit(Duration bound) throws InterruptedException {
        return process.waitFor(bound.toMillis(), TimeUnit.MILLISECONDS) ? process.exitValue() : -1;
    }

    /** Sends SIGKILL (kill -9) and waits until the process is gone: nothing of it runs to an end. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor();
    }

    /** Sends SIGTERM and returns at once (the instance drains and stops on its own). */
    void terminate() {
        process.destroy();
    }

    boolean alive() {
        return process.isAlive();
    }

    int exitValue() {
        return process.exitValue();
    }

    @Override
    public void close() {
        process.destroy();
        try {
            process.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A database of its own for the extra instances: a fresh PostgreSQL schema, or an H2 file of its own. */
    record Database(String url, String user, String password) {

        static Database fresh(String name) throws Exception {
            String main = System.getenv("PAYMENTS_DB_URL");
            if (main == null || main.isBlank()) {
                Path file = Path.of(System.getProperty("payments.it.dir", "target/it"), name, "payments").toAbsolutePath();
                Deployments.emptied(file.getParent());
                return new Database("jdbc:h2:file:" + file + ";AUTO_SERVER=TRUE", "payments", "payments");
            }
            String user = System.getenv("PAYMENTS_DB_USER");
            String password = System.getenv("PAYMENTS_DB_PASSWORD");
            // Beside the main schema, named after it, so parallel runs on other schemas never meet.
            String base = main.matches(".*[?&]currentSchema=.*")
                    ? main.replaceAll(".*[?&]currentSchema=([^&]*).*", "$1") : "payments";
            String schema = (base + "_" + name).toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_]", "_");
            try (var db = DriverManager.getConnection(main, user, password); var st = db.createStatement()) {
                st.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
                st.execute("CREATE SCHEMA " + schema);
            }
            String url = main.matches(".*[?&]currentSchema=.*")
                    ? main.replaceAll("([?&]currentSchema=)[^&]*", "$1" + schema)
                    : main + (main.contains("?") ? "&" : "?") + "currentSchema=" + schema;
            return new Database(url, user, password);
        }

        Connection connect() throws SQLException {
            return DriverManager.getConnection(url, user, password);
        }

        Map<String, String> settings() {
            Map<String, String> settings = new HashMap<>();
            settings.put("payments.db.url", url);
            if (user != null) {
                settings.put("payments.db.user", user);
            }
            if (password != null) {
                settings.put("payments.db.password", password);
            }
            return settings;
        }

        /** Drops the PostgreSQL schema (an H2 file stays under target/). */
        void drop() throws Exception {
            if (url.startsWith("jdbc:postgresql:")) {
                String schema = url.replaceAll(".*[?&]currentSchema=([^&]*).*", "$1");
                try (var db = connect(); var st = db.createStatement()) {
                    st.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
                }
            }
        }
    }
}
