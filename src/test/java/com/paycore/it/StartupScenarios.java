package com.paycore.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;

import io.restassured.RestAssured;
import io.restassured.http.ContentType;

/**
 * Starting instances, each a Payara Micro process of its own: several instances starting at the same moment on an
 * empty PostgreSQL schema migrate it once and all become ready; in production mode an instance without the settings a
 * real installation needs stays not ready, naming each of them on /health/ready (the one booted refusal; its console
 * cookie is Secure, with HSTS on every console answer: ConsoleScenarios.assertProductionConsole). The other refusals
 * are unit tests of the startup code: a migration that keeps failing (SchemaMigrationTest), a bad setting
 * (ReportSettingsStartupTest), a wrong master key (MasterKeyStartupTest).
 */
abstract class StartupScenarios {

    /** The production-mode instance's boot, beside the other scenarios' instances: generous. */
    private static final Duration BOOT = Duration.ofSeconds(900);

    /** Whether the tests' database is PostgreSQL (PAYMENTS_DB_URL), not the embedded H2. */
    static boolean onPostgres() {
        String url = System.getenv("PAYMENTS_DB_URL");
        return url != null && url.startsWith("jdbc:postgresql:");
    }

    private static Future<Void> race;

    /**
     * Starts the race on a thread of its own ({@link Background}): ApiIT calls it at the beginning of the run, so that
     * its three instances boot while the other scenarios run (the test starts it if not yet started).
     */
    static synchronized void boot() {
        if (race == null && onPostgres()) {
            race = Background.run("startup race", () -> {
                race();
                return null;
            });
        }
    }

    @Test
    void threeInstancesStartingTogetherOnAnEmptySchemaMigrateItOnceAndAllBecomeReady() throws Exception {
        assumeTrue(onPostgres(), "H2 is embedded: one instance only");
        boot();
        Background.await(race, Duration.ofMinutes(20));
    }

    /** Three instances started at once on a fresh schema: the changelog is applied once, and each becomes ready. */
    private static void race() throws Exception {
        ExtraInstance.Database db = ExtraInstance.Database.fresh("startup_race");
        List<ExtraInstance> instances = new ArrayList<>();
        try {
            for (int i = 1; i <= 3; i++) {
                instances.add(ExtraInstance.startWhenIdle("startup-race-" + i, db.settings()));
            }
            for (ExtraInstance instance : instances) {
                instance.awaitReady(ExtraInstance.WHEN_IDLE);
            }
            try (Connection c = db.connect(); Statement s = c.createStatement()) {
                try (ResultSet twice = s.executeQuery("SELECT id, author, filename, COUNT(*) FROM databasechangelog "
                        + "GROUP BY id, author, filename HAVING COUNT(*) > 1")) {
                    assertFalse(twice.next(), "a changeset applied twice");
                }
                try (ResultSet all = s.executeQuery("SELECT COUNT(*), COUNT(DISTINCT id || author || filename) "
                        + "FROM databasechangelog")) {
                    all.next();
                    assertTrue(all.getLong(1) > 10, "the changelog is applied: " + all.getLong(1));
                    assertEquals(all.getLong(1), all.getLong(2));
                }
            }
            int waited = 0;
            for (ExtraInstance instance : instances) {
                waited += instance.log().contains("Another instance is migrating this schema") ? 1 : 0;
            }
            // not asserted (timing), but told: how many instances found the migration lock taken
            System.out.println("startup race: " + waited + " of 3 instances waited for another's migration");
        } finally {
            instances.forEach(ExtraInstance::close);
            db.drop();
        }
    }

    /**
     * Production mode on the tests' own database when it is PostgreSQL (the shared one, where an acquirer link without
     * TLS is made first, in development mode, as a deployment has it when it changes mode), else on an H2 database of
     * its own.
     */
    @Test
    void productionModeWithoutItsSettingsStaysNotReadyNamingEachOneAndItsConsoleCookieIsSecure() throws Exception {
        Path h2 = Path.of(System.getProperty("payments.it.dir", "target/it"), "production-guard-db", "payments")
                .toAbsolutePath();
        Deployments.emptied(h2.getParent());
        Map<String, String> settings = new HashMap<>();
        settings.put("payments.mode", "production");
        boolean shared = onPostgres();
        if (shared) {
            Map<String, Object> plain = AcquirerScenarios.settings(AcquirerScenarios.host().port());
            plain.put("tls", false);
            AcquirerScenarios.aShop(plain);
        } else {
            settings.put("payments.db.url", "jdbc:h2:file:" + h2);
        }
        settings.put("payments.metrics.scrape-secret", ""); // blank is unset: no business figures at all
        // it.server.options give allow-private-targets=true and no mail host, master key or signing key
        try (ExtraInstance guarded = ExtraInstance.start("production-guard", settings)) {
            HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            long deadline = System.nanoTime() + BOOT.toNanos();
            JsonBody health = null;
            int status = -1;
            while (System.nanoTime() < deadline && guarded.alive()) {
                try {
                    HttpResponse<String> ready = client.send(HttpRequest.newBuilder(
                            URI.create(guarded.baseUri() + "/health/ready")).timeout(Duration.ofSeconds(5)).build(),
                            HttpResponse.BodyHandlers.ofString());
                    status = ready.statusCode();
                    if (ready.body().contains("production-guard") && ready.body().contains("warm-up")) {
                        health = JsonBody.of(ready.body());
                        // everything else ready: only the guard holds the instance back
                        if ("UP".equals(health.getString("checks.find { it.name == 'warm-up' }.status"))) {
                            break;
                        }
                    }
                } catch (IOException notYet) {
                    // not listening yet
                }
                Thread.sleep(ExtraInstance.LOOK_AGAIN.toMillis());
            }
            assertTrue(health != null, "no readiness answer; see production-guard.log");
            assertEquals(503, status, health.prettify());
            assertEquals("UP", health.getString("checks.find { it.name == 'warm-up' }.status"), health.prettify());
            assertEquals("UP", health.getString("checks.find { it.name == 'database' }.status"), health.prettify());
            Map<String, Object> guard = health.getMap("checks.find { it.name == 'production-guard' }");
            assertEquals("DOWN", guard.get("status"), health.prettify());
            @SuppressWarnings("unchecked")
            Map<String, Object> data = (Map<String, Object>) guard.get("data");
            assertEquals("production", data.get("mode"));
            String log = guarded.log();
            List<String> named = new ArrayList<>(List.of("payments.mail.smtp.host", "payments.crypto.master-key",
                    "payments.jwt.signing-key", "payments.webhooks.allow-private-targets"));
            if (!shared) {
                named.add("payments.db.url");
            }
            for (String setting : named) {
                assertTrue(data.containsKey(setting), setting + " not named: " + data);
                assertTrue(log.contains("Not ready (payments.mode = production): " + setting), setting + " not logged");
            }
            if (shared) {
                // An acquirer link without TLS left from before production keeps the instance not ready, by count only.
                String link = String.valueOf(data.get("payments.iso8583 (gateway 2)"));
                assertTrue(link.contains("without TLS") && !link.contains("127.0.0.1"), "not named: " + data);
                // And in production no gateway-2 link is created or changed without TLS.
                UUID project = Api.aProject(Api.aCompany());
                Map<String, Object> plain = AcquirerScenarios.settings(AcquirerScenarios.host().port());
                String refusal = Api.refused(RestAssured.given().baseUri(guarded.baseUri())
                        .contentType(ContentType.JSON).header("Authorization", "Bearer " + Api.rootToken())
                        .body(Map.of("companyProjectId", project, "projectPaymentProcessorName", Api.unique("Acq"),
                                "gateway", 2, "paymentType", 1, "isActive", true, "settings", plain))
                        .post(Api.PROCESSORS), 400).getString("errorMessage");
                assertTrue(refusal.contains("settings.tls"), refusal);
            }
            // no scrape secret: the business figures are served to no one, credential or not
            HttpResponse<String> figures = client.send(HttpRequest.newBuilder(
                    URI.create(guarded.baseUri() + "/business-metrics")).header("Authorization", "Bearer it-metrics-scrape-secret-0123456789")
                    .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(404, figures.statusCode(), figures.body());
            assertFalse(figures.body().contains("payments_"), figures.body());
            // the console of a production instance (checked here: no other instance runs in production mode)
            ConsoleScenarios.assertProductionConsole(guarded.baseUri(), Api.ROOT_EMAIL, Api.ROOT_PASSWORD);
        }
    }
}
