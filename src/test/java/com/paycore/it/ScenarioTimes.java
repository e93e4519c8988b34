package com.paycore.it;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * How long each scenario class took, from its first to its last callback (nested classes inherit the extension, so
 * every {@code @Nested} class of ApiIT is timed, boots of its own included). When the outermost class ends, prints the
 * table, slowest first, and writes it to {@code target/it/scenario-times.txt}.
 */
final class ScenarioTimes implements BeforeAllCallback, AfterAllCallback {

    private static final Map<String, Long> STARTED = new ConcurrentHashMap<>();
    private static final Map<String, Long> TOOK = new ConcurrentHashMap<>();

    @Override
    public void beforeAll(ExtensionContext context) {
        STARTED.put(name(context), System.nanoTime());
    }

    @Override
    public void afterAll(ExtensionContext context) throws IOException {
        String name = name(context);
        Long started = STARTED.remove(name);
        if (started != null) {
            TOOK.put(name, System.nanoTime() - started);
        }
        if (context.getRequiredTestClass().getEnclosingClass() == null) {
            String table = table();
            System.out.println(table);
            Path file = Path.of(System.getProperty("payments.it.dir", "target/it"), "scenario-times.txt");
            Files.createDirectories(file.getParent());
            Files.writeString(file, table, StandardCharsets.UTF_8);
        }
    }

    private static String name(ExtensionContext context) {
        Class<?> type = context.getRequiredTestClass();
        return type.getEnclosingClass() == null ? type.getSimpleName()
                : type.getEnclosingClass().getSimpleName() + "$" + type.getSimpleName();
    }

    private static String table() {
        StringBuilder text = new StringBuilder("\nScenario class times, slowest first (seconds):\n");
        TOOK.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder()))
                .forEach(e -> text.append(String.format("%10.1f  %s%n", e.getValue() / 1e9, e.getKey())));
        return text.toString();
    }
}
