package com.paycore;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import com.paycore.platform.web.PaymentsApplication;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

/**
 * The application's compiled classes (tests excluded), read once per test JVM, in two forms: as ArchUnit imports them
 * ({@link #all()}: seconds, for the architecture, OpenPGP-loading, SQL-statement and OpenAPI-filter tests, which all
 * read the same set), and as plain classes loaded from the class files without being initialized ({@link #loaded()}:
 * for reflection alone, without ArchUnit's import).
 */
public final class CompiledClasses {

    private CompiledClasses() {
    }

    /** The classes of com.paycore as ArchUnit imports them, read on first use. */
    public static JavaClasses all() {
        return Imported.ALL;
    }

    /** Every class of the application's class files, loaded (not initialized) on first use. */
    public static List<Class<?>> loaded() {
        return Loaded.ALL;
    }

    private static final class Imported {
        static final JavaClasses ALL = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("com.paycore");
    }

    private static final class Loaded {
        static final List<Class<?>> ALL = load();

        private static List<Class<?>> load() {
            try {
                Path root = Path.of(
                        PaymentsApplication.class.getProtectionDomain().getCodeSource().getLocation().toURI());
                List<Class<?>> found = new ArrayList<>();
                try (Stream<Path> files = Files.walk(root)) {
                    for (Path file : files.filter(f -> f.toString().endsWith(".class")).toList()) {
                        String path = root.relativize(file).toString();
                        String name = path.substring(0, path.length() - ".class".length())
                                .replace(file.getFileSystem().getSeparator(), ".");
                        if (!name.endsWith("package-info")) {
                            found.add(Class.forName(name, false, CompiledClasses.class.getClassLoader()));
                        }
                    }
                }
                return List.copyOf(found);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (URISyntaxException | ClassNotFoundException e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
