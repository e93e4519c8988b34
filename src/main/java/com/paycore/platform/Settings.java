package com.paycore.platform;

import java.util.Locale;

/**
 * Reads a setting before MicroProfile Config is available to the caller (config sources, datasource
 * defaults): the system property, else the environment variable in its upper-snake form
 * ({@code payments.db.url} is {@code PAYMENTS_DB_URL}). Blank counts as unset.
 */
public final class Settings {

    private Settings() {
    }

    public static String get(String key) {
        String value = System.getProperty(key);
        if (value == null || value.isBlank()) {
            value = System.getenv(key.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_'));
        }
        return value == null || value.isBlank() ? null : value;
    }
}
