package com.paycore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListSet;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;

import org.junit.jupiter.api.Test;

/**
 * BouncyCastle costs nothing at start: no class the container loads and introspects at deployment (a class carrying
 * a Jakarta EE or MicroProfile annotation: beans, resources, providers, servlets, entities, health checks) names a
 * BouncyCastle type in its fields, methods or constructors, and only the two places that make OpenPGP keys and read
 * card files use BouncyCastle at all, so its classes load with the first FileContentPGPKey or card file.
 */
class OpenPgpLoadsLazilyTest {

    private static final JavaClasses CLASSES = CompiledClasses.all();

    @Test
    void onlyTheKeyRingWriterAndTheCardFileReaderUseBouncyCastle() {
        List<String> users = CLASSES.stream()
                .filter(c -> c.getDirectDependenciesFromSelf().stream()
                        .anyMatch(d -> d.getTargetClass().getPackageName().startsWith("org.bouncycastle")))
                .map(JavaClass::getName)
                .filter(name -> !name.startsWith("com.paycore.apikey.OpenPgpKeyRing")
                        && !name.startsWith("com.paycore.cardfile."))
                .toList();
        assertEquals(List.of(), users);
    }

    @Test
    void introspectingEveryContainerClassLoadsNoBouncyCastleClass() throws Exception {
        List<String> containerClasses = CLASSES.stream().filter(OpenPgpLoadsLazilyTest::containerLoads)
                .map(JavaClass::getName).toList();
        assertTrue(containerClasses.size() > 50, "the container's classes are found: " + containerClasses.size());
        try (Recording loader = new Recording()) {
            List<String> unloadable = new ArrayList<>();
            for (String name : containerClasses) {
                try {
                    introspect(Class.forName(name, false, loader));
                } catch (LinkageError | ClassNotFoundException e) {
                    unloadable.add(name + ": " + e);
                }
            }
            assertEquals(List.of(), unloadable);
            assertEquals(List.of(), loader.loaded.stream().filter(n -> n.startsWith("org.bouncycastle.")).toList());

            introspect(Class.forName("com.paycore.cardfile.CardFileReader", false, loader));
            assertTrue(loader.loaded.stream().anyMatch(n -> n.startsWith("org.bouncycastle.")),
                    "the check sees BouncyCastle when a class does name it");
        }
    }

    /** What Weld and the other containers do with a class they manage: read its members' types. */
    private static void introspect(Class<?> type) {
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            c.getDeclaredFields();
            c.getDeclaredMethods();
            c.getDeclaredConstructors();
            c.getGenericInterfaces();
            for (Class<?> nested : c.getDeclaredClasses()) {
                if (containerAnnotated(nested)) {
                    introspect(nested);
                }
            }
        }
    }

    private static boolean containerLoads(JavaClass type) {
        return type.getAnnotations().stream().map(a -> a.getRawType().getPackageName())
                .anyMatch(p -> p.startsWith("jakarta.") || p.startsWith("org.eclipse.microprofile."));
    }

    private static boolean containerAnnotated(Class<?> type) {
        return Arrays.stream(type.getAnnotations()).map(a -> a.annotationType().getPackageName())
                .anyMatch(p -> p.startsWith("jakarta.") || p.startsWith("org.eclipse.microprofile."));
    }

    /** Loads the test class path itself (only the JDK from its parent) and records each class it defines. */
    private static final class Recording extends URLClassLoader {
        final Set<String> loaded = new ConcurrentSkipListSet<>();

        Recording() throws MalformedURLException {
            super(classPath(), ClassLoader.getPlatformClassLoader());
        }

        @Override
        protected Class<?> findClass(String name) throws ClassNotFoundException {
            Class<?> found = super.findClass(name);
            loaded.add(name);
            return found;
        }

        private static URL[] classPath() throws MalformedURLException {
            List<URL> urls = new ArrayList<>();
            for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
                urls.add(new File(entry).toURI().toURL());
            }
            return urls.toArray(URL[]::new);
        }
    }
}
