package com.paycore.it;

import java.net.URI;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * One extra instance on the tests' database with the settings of production where the instances under test relax
 * them, shared by the scenarios that each booted one of their own (one boot instead of four). Their settings do not
 * meet: the login flood's production hashing and throttle with the run command's 16 HTTP workers and the full JIT
 * ({@link LoginFloodScenarios}), webhook targets on private networks refused and no delivery worker
 * ({@link WebhookScenarios#anInstanceWithTheDefaultSettingRefusesPrivateTargets}), a processor timeout of 10 s and a
 * drain of 30 s ({@link GracefulShutdownScenarios}). On PostgreSQL it reaches the database through a TCP forwarder
 * that the outage scenario cuts and restores ({@link DatabaseOutageScenarios}). The flood runs first (it counts the
 * address's attempts from zero) and the drain last (it ends the instance with SIGTERM). Its boot begins with the run
 * ({@link #boot}, from ApiIT); until this class runs it is one more instance on the tests' database, whose schedules
 * take their share of the work as the second instance's do.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
abstract class HardenedInstanceScenarios {

    private static ExtraInstance instance;
    private static TcpCut link;

    /**
     * Starts the instance without waiting for it: ApiIT calls this at the beginning of the run, so that its boot
     * overlaps the scenarios that run before this class (at the usual CPU priority, not in the background's lower
     * one: the flood measures its answers, and the background scenarios' instances may still run then).
     */
    static synchronized void boot() throws Exception {
        if (instance == null) {
            Map<String, String> settings = new HashMap<>(LoginFloodScenarios.productionLogin());
            settings.putAll(WebhookScenarios.guardedSettings());
            settings.putAll(GracefulShutdownScenarios.drainSettings());
            String main = System.getenv("PAYMENTS_DB_URL");
            if (main != null && main.startsWith("jdbc:postgresql://")) {
                URI target = URI.create(main.substring("jdbc:".length()));
                link = new TcpCut(target.getHost(), target.getPort() == -1 ? 5432 : target.getPort());
                settings.put("payments.db.url", main.replaceFirst("//[^/]+/", "//127.0.0.1:" + link.port() + "/"));
                settings.put("payments.db.user", System.getenv("PAYMENTS_DB_USER"));
                settings.put("payments.db.password", System.getenv("PAYMENTS_DB_PASSWORD"));
            }
            instance = ExtraInstance.start("hardened", settings,
                    List.of("--maxHttpThreads", LoginFloodScenarios.HTTP_WORKERS),
                    List.of("-XX:TieredStopAtLevel=4", "-XX:-UseSerialGC")); // measured as production: full JIT, G1
        }
    }

    /** The instance, started if not yet and awaited until ready. */
    private static ExtraInstance instance() throws Exception {
        boot();
        return instance.awaitReady();
    }

    @AfterAll
    static void stop() throws Exception {
        if (instance != null) {
            instance.close();
            instance = null;
        }
        if (link != null) {
            link.close();
            link = null;
        }
    }

    @Test
    @Order(1)
    void aFloodOfUnknownUserLoginsGets429sWhileE16KeepsAnswering() throws Exception {
        LoginFloodScenarios.aFloodOfUnknownUserLoginsGets429sWhileE16KeepsAnswering(instance());
    }

    @Test
    @Order(2)
    void anInstanceWithTheDefaultSettingRefusesPrivateTargets() throws Exception {
        WebhookScenarios.anInstanceWithTheDefaultSettingRefusesPrivateTargets(instance());
    }

    @Test
    @Order(3)
    void whileTheDatabaseIsAwayRequestsAre503AndNotReadyThenServiceResumesByItself() throws Exception {
        DatabaseOutageScenarios.whileTheDatabaseIsAwayRequestsAre503AndNotReadyThenServiceResumesByItself(instance(), link);
    }

    @Test
    @Order(4)
    void onSigtermReadinessIsDownWhileTheRequestInFlightFinishes() throws Exception {
        GracefulShutdownScenarios.onSigtermReadinessIsDownWhileTheRequestInFlightFinishes(instance());
    }
}
