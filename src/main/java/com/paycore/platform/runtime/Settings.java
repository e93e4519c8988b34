package com.paycore.platform.runtime;

import java.util.Locale;

import org.eclipse.microprofile.config.Config;

/**
 * Reads a setting where MicroProfile Config cannot be asked: everything else injects its settings with
 * {@code @ConfigProperty} (or {@link org.eclipse.microprofile.config.Config} for names only known at run time), and
 * {@code ConfigurationTableTest} keeps this list short. The readers left are
 * <ul>
 * <li>the config source itself ({@link com.paycore.platform.data.DatabaseConfigSource}), {@code auth.SigningKeys} (static, also
 * run by unit tests) and {@code user.ExternalIssuers} (static, read by the token checks);</li>
 * <li>{@link com.paycore.secret.SecretBox}, the process-wide master key, loaded once by static code that also runs outside the container
 * (unit tests, sealed columns opened where no bean is at hand).</li>
 * </ul>
 * A value is the system property, else a system property named like the environment variable (how
 * {@code server-config/payara-server.sh} stores every setting, {@link EnvironmentNamedProperties}), else the
 * environment variable in its upper-snake form ({@code payments.db.url} is {@code PAYMENTS_DB_URL}): the same three
 * places, in the same order, MicroProfile Config looks (system properties 400, {@link EnvironmentNamedProperties} 350,
 * the environment 300, with the same mapping of dots and dashes to underscores). Blank counts as unset.
 * {@link #wholeOrOff} is the parser of the numeric settings, however they were read.
 */
public final class Settings {

    private Settings() {
    }

    public static String get(String key) {
        String value = System.getProperty(key);
        if (value == null || value.isBlank()) {
            value = System.getProperty(environmentName(key)); // as Payara Server stores them, see below
        }
        if (value == null || value.isBlank()) {
            value = System.getenv(environmentName(key));
        }
        return value == null || value.isBlank() ? null : value;
    }

    /** A setting as MicroProfile Config has it (for names known at run time): its text, null when unset. */
    public static String value(Config config, String key) {
        return config.getOptionalValue(key, String.class).orElse(null);
    }

    /** The environment variable of a setting: {@code payments.crypto.master-key} is {@code PAYMENTS_CRYPTO_MASTER_KEY}. */
    public static String environmentName(String key) {
        return key.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_');
    }

    /**
     * A whole-number setting (seconds, milliseconds) of 0 or more: unset is the fallback, {@code off} is 0; anything
     * else fails startup with a message naming the setting.
     */
    public static long wholeOrOff(String key, String value, long fallback) {
        if (value == null || value.isBlank()) {
            return fallback;
        }
        if ("off".equalsIgnoreCase(value.trim())) {
            return 0;
        }
        try {
            long number = Long.parseLong(value.trim());
            if (number >= 0) {
                return number;
            }
        } catch (NumberFormatException notANumber) {
            // reported below
        }
        throw new IllegalArgumentException(key + " must be a whole number, 0 or more (or off), got " + value);
    }
}
