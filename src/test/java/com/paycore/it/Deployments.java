package com.paycore.it;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;

import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.importer.ZipImporter;
import org.jboss.shrinkwrap.api.spec.WebArchive;

import com.paycore.it.clock.ShiftedClock;

/**
 * The one deployment every integration test runs against: the real WAR that {@code mvn package} built,
 * unchanged. Where it runs (port, data folder) comes from the failsafe configuration in pom.xml.
 */
public final class Deployments {

    private Deployments() {
    }

    public static WebArchive war() {
        File war = new File(System.getProperty("payments.it.war", "target/payments.war"));
        if (!war.isFile()) {
            throw new IllegalStateException("Build the WAR first (mvn verify does): " + war);
        }
        emptied(Path.of(System.getProperty("payments.it.dir", "target/it"), "micro-root"));
        // The built WAR as it is, plus the tests' controllable clock (the reconciliation's give-up time)
        return ShrinkWrap.create(ZipImporter.class, "ROOT.war").importFrom(war).as(WebArchive.class)
                .addPackage(ShiftedClock.class.getPackage());
    }

    /**
     * Payara Micro redeploys whatever an old root folder holds (and then swaps in the new WAR, answering 404 in
     * between): start each run from an empty one.
     */
    static void emptied(Path root) {
        if (Files.exists(root)) {
            try (var files = Files.walk(root)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    public static String baseUri() {
        return "http://localhost:" + System.getProperty("payments.it.port", "8080");
    }
}
