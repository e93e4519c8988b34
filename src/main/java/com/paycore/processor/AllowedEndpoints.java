package com.paycore.processor;

import java.util.Arrays;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

import org.eclipse.microprofile.config.ConfigProvider;

import com.paycore.platform.runtime.Settings;
import com.paycore.platform.web.AppException;

/**
 * {@code payments.iso8583.allowed-endpoints}: the acquirer hosts the platform operator agreed links with, as
 * {@code host:port} entries separated by commas ({@code [::1]:5000} for an IPv6 address). An entry matches as written,
 * its host compared without case: no name is resolved to decide. Gateway 2 may only name a listed endpoint, and only a
 * listed endpoint is connected to; with the list empty, gateway 2 is refused.
 */
record AllowedEndpoints(Set<String> entries) {

    static final String SETTING = "payments.iso8583.allowed-endpoints";

    /** The list as configured now (read on each use: an operator's change needs no redeploy). */
    static AllowedEndpoints configured() {
        return parse(Settings.value(ConfigProvider.getConfig(), SETTING));
    }

    static AllowedEndpoints parse(String setting) {
        if (setting == null || setting.isBlank()) {
            return new AllowedEndpoints(Set.of());
        }
        return new AllowedEndpoints(Arrays.stream(setting.split(",")).map(String::strip).filter(e -> !e.isEmpty())
                .map(AllowedEndpoints::key).collect(Collectors.toUnmodifiableSet()));
    }

    boolean permits(String host, int port) {
        return entries.contains(key(host.contains(":") && !host.startsWith("[") ? "[" + host + "]:" + port
                : host + ":" + port));
    }

    /** 400 naming the setting when gateway 2 may not name this endpoint. */
    void require(String host, int port) {
        if (entries.isEmpty()) {
            throw AppException.invalid("settings.host: gateway 2 is not available: no acquirer endpoint is allowed ("
                    + SETTING + " is empty)");
        }
        if (!permits(host, port)) {
            throw AppException.invalid("settings.host: " + host + ":" + port + " is not in " + SETTING);
        }
    }

    private static String key(String entry) {
        int colon = entry.lastIndexOf(':');
        return colon < 0 ? entry.toLowerCase(Locale.ROOT)
                : entry.substring(0, colon).toLowerCase(Locale.ROOT) + entry.substring(colon);
    }
}
