package com.paycore.platform.data;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.eclipse.microprofile.config.spi.ConfigSource;

import com.paycore.platform.runtime.Settings;

/**
 * Defaults for the datasource that depend on other settings, so that the {@code @DataSourceDefinition}
 * can name them with {@code ${MPCONFIG=...}}: with no {@code payments.db.url} the embedded H2 file database
 * under the data folder, and the driver's datasource class picked from the URL's scheme.
 * Lowest ordinal: environment variables and system properties always win.
 */
public class DatabaseConfigSource implements ConfigSource {

    static final String URL = "payments.db.url";
    static final String USER = "payments.db.user";
    static final String PASSWORD = "payments.db.password";
    static final String DATASOURCE_CLASS = "payments.db.datasource-class";
    static final String JDBC_URL = "payments.db.jdbc-url";

    @Override
    public Set<String> getPropertyNames() {
        return getProperties().keySet();
    }

    @Override
    public Map<String, String> getProperties() {
        Map<String, String> values = new HashMap<>();
        String url = Settings.get(URL);
        if (url == null) {
            url = embeddedUrl(DataDirectory.resolve());
            values.put(URL, url);
            values.put(USER, "payments");
            values.put(PASSWORD, "payments");
        } else if (Settings.get(PASSWORD) == null) {
            // Trust or peer authentication needs no password, but the datasource wants a value.
            values.put(PASSWORD, "-");
        }
        values.put(DATASOURCE_CLASS, datasourceClassFor(url));
        values.put(JDBC_URL, jdbcUrlFor(url));
        return values;
    }

    @Override
    public String getValue(String propertyName) {
        return propertyName.startsWith("payments.db.") ? getProperties().get(propertyName) : null;
    }

    @Override
    public String getName() {
        return "payments-database-defaults";
    }

    @Override
    public int getOrdinal() {
        return 10;
    }

    /**
     * The embedded H2 file database in the data folder, for this process only: no AUTO_SERVER, which would open a
     * TCP server on the machine, reachable with the fixed embedded credentials. Several instances need PostgreSQL.
     */
    static String embeddedUrl(Path dataDirectory) {
        return "jdbc:h2:file:" + dataDirectory.resolve("payments").toAbsolutePath();
    }

    static String datasourceClassFor(String url) {
        if (url.startsWith("jdbc:postgresql:")) {
            return "org.postgresql.ds.PGSimpleDataSource";
        }
        if (url.startsWith("jdbc:h2:")) {
            return "org.h2.jdbcx.JdbcDataSource";
        }
        throw new IllegalStateException("Unsupported database URL scheme; use jdbc:postgresql: or jdbc:h2:");
    }

    /**
     * The URL the pool uses. For PostgreSQL two driver settings are added unless given: stringtype=unspecified
     * (lets the server type parameters such as nullable uuid values) and logServerErrorDetail=false (keeps row
     * values out of exception messages, hence out of logs).
     */
    static String jdbcUrlFor(String url) {
        if (!url.startsWith("jdbc:postgresql:")) {
            return url;
        }
        StringBuilder result = new StringBuilder(url);
        for (String setting : new String[] {"stringtype=unspecified", "logServerErrorDetail=false"}) {
            String name = setting.substring(0, setting.indexOf('=') + 1);
            if (!url.toLowerCase(Locale.ROOT).contains(name.toLowerCase(Locale.ROOT))) {
                result.append(result.indexOf("?") < 0 ? '?' : '&').append(setting);
            }
        }
        return result.toString();
    }

    /** Where local state lives when nothing else is configured: {@code payments.data.dir}, default ./data. */
    public static final class DataDirectory {
        private DataDirectory() {
        }

        public static Path resolve() {
            String dir = Settings.get("payments.data.dir");
            return Path.of(dir == null ? "data" : dir).toAbsolutePath().normalize();
        }
    }
}
