package com.paycore.platform.runtime;

import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.eclipse.microprofile.config.spi.ConfigSource;

/**
 * Settings stored as system properties under their environment-variable names ({@code PAYMENTS_DB_URL}), which is
 * how {@code server-config/payara-server.sh} hands every {@code PAYMENTS_*} and {@code MP_JWT_*} variable to Payara
 * Server (as domain system properties, secrets as password aliases) without a list of settings to keep up to date.
 * Ranks between the system properties (400) and the environment (300), where such a property belongs.
 */
public class EnvironmentNamedProperties implements ConfigSource {

    @Override
    public Set<String> getPropertyNames() {
        return getProperties().keySet();
    }

    @Override
    public Map<String, String> getProperties() {
        return System.getProperties().stringPropertyNames().stream()
                .filter(name -> name.startsWith("PAYMENTS_") || name.startsWith("MP_JWT_"))
                .collect(Collectors.toMap(name -> name, System::getProperty));
    }

    @Override
    public String getValue(String propertyName) {
        String value = System.getProperty(Settings.environmentName(propertyName));
        return value == null || value.isBlank() ? null : value;
    }

    @Override
    public String getName() {
        return "payments-environment-named-system-properties";
    }

    @Override
    public int getOrdinal() {
        return 350;
    }
}
