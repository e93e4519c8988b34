package com.paycore.platform.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The configuration table (docs/configuration.md) is the list of settings: every setting the code reads is in it, and every one
 * of its settings reaches the application on Payara Server, where server-config/payara-server.sh stores them as
 * system properties under their environment names (secrets as password aliases).
 */
class ConfigurationTableTest {

    /** Settings the code derives itself (not for operators) and the listener port (the run command's). */
    private static final Set<String> NOT_IN_THE_APPLICATION = Set.of("PAYMENTS_HTTP_PORT");
    private static final Set<String> DERIVED = Set.of("payments.db.datasource-class", "payments.db.jdbc-url");

    static Set<String> tableSettings() throws IOException {
        String page = Files.readString(Path.of("docs/configuration.md"), StandardCharsets.UTF_8);
        String table = page.substring(page.indexOf("## Settings"), page.indexOf("\n## ", page.indexOf("## Settings") + 5));
        Set<String> names = new TreeSet<>();
        for (String line : table.lines().filter(l -> l.startsWith("| `")).toList()) {
            Matcher name = Pattern.compile("`((?:PAYMENTS|MP_JWT)_[A-Z0-9_]+)`").matcher(line.substring(0, line.indexOf('|', 2)));
            while (name.find()) {
                names.add(name.group(1));
            }
        }
        return names;
    }

    /** Every "payments.*" setting key the main code names, by its environment name. */
    static Map<String, String> codeSettings() throws IOException {
        Map<String, String> keys = new TreeMap<>();
        Pattern literal = Pattern.compile("\"(payments\\.[a-z0-9-]+(?:\\.[a-z0-9-]+)*)\""); // payments.mode too
        try (Stream<Path> files = Files.walk(Path.of("src/main/java"))) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                Matcher m = literal.matcher(Files.readString(file, StandardCharsets.UTF_8));
                while (m.find()) {
                    if (!DERIVED.contains(m.group(1))) {
                        keys.put(Settings.environmentName(m.group(1)), m.group(1));
                    }
                }
            }
        }
        return keys;
    }

    @Test
    void everySettingTheCodeReadsIsInTheTableAndTheReverse() throws IOException {
        Set<String> documented = tableSettings();
        Set<String> code = codeSettings().keySet();
        assertTrue(documented.size() > 20, documented.toString());
        assertEquals(new TreeSet<>(), code.stream().filter(k -> !documented.contains(k)).collect(Collectors.toCollection(TreeSet::new)),
                "read by the code but missing from docs/configuration.md's table");
        assertEquals(new TreeSet<>(), documented.stream()
                        .filter(k -> k.startsWith("PAYMENTS_") && !code.contains(k) && !NOT_IN_THE_APPLICATION.contains(k))
                        .collect(Collectors.toCollection(TreeSet::new)),
                "in docs/configuration.md but read by no code");
    }

    /**
     * One configuration style: beans inject their settings through MicroProfile Config; {@link Settings#get} is for
     * the code that runs before it or outside the container (see its javadoc), and nowhere else.
     */
    @Test
    void settingsAreReadBeforeMicroProfileConfigOnly() throws IOException {
        Set<String> allowed = Set.of("Settings.java", "DatabaseConfigSource.java", "EnvironmentNamedProperties.java",
                "SecretBox.java", "SigningKeys.java", "ExternalIssuers.java"); // by file
        // name: the packages may move
        Set<String> readers = new TreeSet<>();
        try (Stream<Path> files = Files.walk(Path.of("src/main/java"))) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                if (Files.readString(file, StandardCharsets.UTF_8).contains("Settings.get(")) {
                    readers.add(file.getFileName().toString());
                }
            }
        }
        assertTrue(readers.contains("DatabaseConfigSource.java"), readers.toString()); // the scan works
        assertEquals(new TreeSet<>(), readers.stream().filter(f -> !allowed.contains(f))
                .collect(Collectors.toCollection(TreeSet::new)), "read with Settings.get instead of @ConfigProperty");
    }

    /**
     * The table names each setting by its environment variable, which {@link Settings} derives; MicroProfile Config
     * finds a setting in the environment by its own rule (every character other than a letter or digit an
     * underscore, upper case): both must name the same variable.
     */
    @Test
    void theTablesEnvironmentNamesAreTheOnesMicroProfileConfigLooksFor() throws IOException {
        for (Map.Entry<String, String> setting : codeSettings().entrySet()) {
            assertEquals(setting.getValue().replaceAll("[^A-Za-z0-9]", "_").toUpperCase(Locale.ROOT),
                    setting.getKey(), setting.getValue());
        }
    }

    @Test
    void aSettingStoredUnderItsEnvironmentNameReachesTheApplication() throws IOException {
        EnvironmentNamedProperties source = new EnvironmentNamedProperties();
        for (Map.Entry<String, String> setting : codeSettings().entrySet()) {
            System.setProperty(setting.getKey(), "value-of-" + setting.getKey());
            try {
                assertEquals("value-of-" + setting.getKey(), source.getValue(setting.getValue()), setting.getValue());
                assertEquals("value-of-" + setting.getKey(), Settings.get(setting.getValue()), setting.getValue());
            } finally {
                System.clearProperty(setting.getKey());
            }
        }
        assertTrue(source.getOrdinal() > 300 && source.getOrdinal() < 400, "between the environment and -D properties");
    }

    @Test
    void thePayaraServerScriptStoresEverySettingOfTheTableAndSecretsAsPasswordAliases() throws Exception {
        ProcessBuilder script = new ProcessBuilder("bash", "server-config/payara-server.sh", "settings");
        script.environment().keySet().removeIf(k -> k.startsWith("PAYMENTS_") || k.startsWith("MP_JWT_"));
        for (String name : tableSettings()) {
            script.environment().put(name, "x");
        }
        Process run = script.redirectErrorStream(true).start();
        String out = new String(run.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(run.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, run.exitValue(), out);
        Map<String, String> stored = out.lines().map(l -> l.split(" ")).filter(p -> p.length == 2)
                .collect(Collectors.toMap(p -> p[0], p -> p[1]));
        for (String name : tableSettings()) {
            if (NOT_IN_THE_APPLICATION.contains(name)) {
                continue;
            }
            boolean secret = name.endsWith("PASSWORD") || name.endsWith("SECRET") || name.contains("MASTER_KEY");
            assertEquals(secret ? "password-alias" : "system-property", stored.get(name), name + " in " + out);
        }
    }
}
