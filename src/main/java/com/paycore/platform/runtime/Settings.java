package com.paycore.platform.runtime;

import java.util.Locale;

/**
 * Reads a setting before MicroProfile Config is available to the caller (config sources, datasource
 * defaults): the system property, else a system property named like the environment variable (how
 * {@code server-config/payara-server.sh} stores every setting, {@link EnvironmentNamedProperties}), else the
 * environment variable in its upper-snake form ({@code payments.db.url} is {@code PAYMENTS_DB_URL}). Blank counts as
 * unset.
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
