package com.paycore.platform.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The fingerprint that lets a start skip Liquibase must change whenever any changelog file does. */
class ChangelogFingerprintTest {

    private static final String MASTER = """
            databaseChangeLog:
              - include:
                  file: changes/001-a.yaml
                  relativeToChangelogFile: true
            """;

    @Test
    void thePackagedChangelogHasAFingerprintThatFitsALiquibaseTag() throws Exception {
        // Built from the top-level liquibase/ folder as the WAR packages it (db/).
        try (URLClassLoader loader = loaderOf(Path.of("liquibase"), "db")) {
            Optional<String> tag = ChangelogFingerprint.of(loader, SchemaMigration.CHANGELOG);
            assertTrue(tag.isPresent());
            assertTrue(tag.get().startsWith(ChangelogFingerprint.TAG_PREFIX));
            assertTrue(tag.get().length() <= 255, "Liquibase's TAG column holds 255 characters");
        }
    }

    @Test
    void sameFilesSameFingerprint(@TempDir Path one, @TempDir Path two) throws Exception {
        write(one, MASTER, "changeSet A");
        write(two, MASTER, "changeSet A");
        assertEquals(fingerprint(one), fingerprint(two));
    }

    @Test
    void anIncludedFileThatChangesChangesTheFingerprint(@TempDir Path one, @TempDir Path two) throws Exception {
        write(one, MASTER, "changeSet A");
        write(two, MASTER, "changeSet A, then B");
        assertNotEquals(fingerprint(one), fingerprint(two));
    }

    @Test
    void aNewIncludeChangesTheFingerprint(@TempDir Path one, @TempDir Path two) throws Exception {
        write(one, MASTER, "changeSet A");
        write(two, MASTER + "  - include:\n      file: changes/002-b.yaml\n      relativeToChangelogFile: true\n",
                "changeSet A");
        Files.writeString(two.resolve("db/changes/002-b.yaml"), "changeSet B");
        assertNotEquals(fingerprint(one), fingerprint(two));
    }

    @Test
    void aMissingFileGivesNoFingerprintSoLiquibaseRuns(@TempDir Path dir) throws Exception {
        write(dir, MASTER, "changeSet A");
        Files.delete(dir.resolve("db/changes/001-a.yaml"));
        try (URLClassLoader loader = loaderOf(dir, null)) {
            assertEquals(Optional.empty(), ChangelogFingerprint.of(loader, SchemaMigration.CHANGELOG));
        }
    }

    private static void write(Path root, String master, String included) throws Exception {
        Files.createDirectories(root.resolve("db/changes"));
        Files.writeString(root.resolve("db/changelog.yaml"), master);
        Files.writeString(root.resolve("db/changes/001-a.yaml"), included);
    }

    private static String fingerprint(Path root) throws Exception {
        try (URLClassLoader loader = loaderOf(root, null)) {
            return ChangelogFingerprint.of(loader, SchemaMigration.CHANGELOG).orElseThrow();
        }
    }

    /** A class loader over a folder; with a prefix, the folder's files appear under it (liquibase/ as db/). */
    private static URLClassLoader loaderOf(Path folder, String prefix) throws Exception {
        Path root = folder.toAbsolutePath();
        if (prefix != null) {
            Path staged = Files.createTempDirectory("changelog");
            copy(root, staged.resolve(prefix));
            root = staged;
        }
        return new URLClassLoader(new URL[] {root.toUri().toURL()}, null);
    }

    private static void copy(Path from, Path to) throws Exception {
        try (var files = Files.walk(from)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                Path target = to.resolve(from.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(file, target);
                }
            }
        }
    }
}
