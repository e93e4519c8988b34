package com.paycore.processor;

import java.math.BigDecimal;

import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import com.paycore.platform.web.AppException;

/**
 * A gateway 2 processor configuration's {@code settings} (DESIGN.md section 12), checked: 400 naming the field when
 * one is missing or bad. Other members of the settings object are left alone.
 */
public record AcquirerSettings(String host, int port, boolean tls, String tlsTrustedCertificatePem, String terminalId,
                        String acquirerId, long timeoutMs, int connections) {

    /** The settings' member names. */
    public static final String HOST = "host";
    public static final String PORT = "port";
    public static final String TLS = "tls";
    public static final String TLS_TRUSTED_CERTIFICATE_PEM = "tlsTrustedCertificatePem";
    public static final String TERMINAL_ID = "terminalId";
    public static final String ACQUIRER_ID = "acquirerId";
    public static final String TIMEOUT_MS = "timeoutMs";
    public static final String CONNECTIONS = "connections";

    static final int MAX_CONNECTIONS = 64;
    static final long MAX_TIMEOUT_MS = 120_000;

    /** The host's endpoint: what configurations sharing connections have in common. */
    IsoHost.Endpoint endpoint() {
        return new IsoHost.Endpoint(host, port, tls, tlsTrustedCertificatePem, connections);
    }

    @Override
    public String toString() {
        return "AcquirerSettings[" + host + ":" + port + (tls ? ", tls" : "") + ", terminal " + terminalId + "]";
    }

    static AcquirerSettings of(JsonObject settings, long defaultTimeoutMs) {
        if (settings == null) {
            throw AppException.invalid("settings: required for gateway 2 (host, port, terminalId, acquirerId)");
        }
        String host = text(settings, HOST, true);
        if (host.length() > 253 || !host.matches("[A-Za-z0-9.:\\[\\]_-]+")) {
            throw AppException.invalid("settings.host: not a host name or address");
        }
        int port = (int) whole(settings, PORT, true, 1, 65_535, 0);
        boolean tls = flag(settings, TLS);
        String pem = settings.containsKey(TLS_TRUSTED_CERTIFICATE_PEM) && !settings.isNull(TLS_TRUSTED_CERTIFICATE_PEM)
                ? text(settings, TLS_TRUSTED_CERTIFICATE_PEM, true) : null;
        if (pem != null) {
            try {
                IsoHost.tlsContext(pem);
            } catch (IllegalArgumentException e) {
                throw AppException.invalid("settings.tlsTrustedCertificatePem: not a PEM X.509 certificate");
            }
        }
        String terminal = text(settings, TERMINAL_ID, true);
        if (terminal.length() != 8 || !terminal.chars().allMatch(c -> c > 0x20 && c < 0x7f)) {
            throw AppException.invalid("settings.terminalId: 8 printable characters (field 41)");
        }
        String acquirer = text(settings, ACQUIRER_ID, true);
        if (!acquirer.matches("[0-9]{1,11}")) {
            throw AppException.invalid("settings.acquirerId: 1 to 11 digits (field 32)");
        }
        long timeout = whole(settings, TIMEOUT_MS, false, 1, MAX_TIMEOUT_MS, defaultTimeoutMs);
        int connections = (int) whole(settings, CONNECTIONS, false, 1, MAX_CONNECTIONS, 2);
        return new AcquirerSettings(host, port, tls, pem, terminal, acquirer, timeout, connections);
    }

    /** Field 42 from E9's merchantId: at most 15 printable characters (400 on E9 for gateway 2 otherwise). */
    static void requireMerchantId(String merchantId) {
        if (merchantId != null && (merchantId.length() > 15 || !merchantId.chars().allMatch(c -> c >= 0x20 && c < 0x7f))) {
            throw AppException.invalid("merchantId: at most 15 printable ASCII characters for gateway 2 (field 42)");
        }
    }

    private static String text(JsonObject settings, String name, boolean required) {
        JsonValue value = settings.get(name);
        if (value instanceof JsonString string && !string.getString().isBlank()) {
            return string.getString().strip();
        }
        throw AppException.invalid("settings." + name + (value == null || value == JsonValue.NULL
                ? ": required" : ": must be a non-empty string"));
    }

    private static long whole(JsonObject settings, String name, boolean required, long min, long max, long fallback) {
        JsonValue value = settings.get(name);
        if (value == null || value == JsonValue.NULL) {
            if (required) {
                throw AppException.invalid("settings." + name + ": required");
            }
            return fallback;
        }
        if (value instanceof JsonNumber number && number.isIntegral()
                && number.bigDecimalValue().compareTo(BigDecimal.valueOf(min)) >= 0
                && number.bigDecimalValue().compareTo(BigDecimal.valueOf(max)) <= 0) {
            return number.longValue();
        }
        throw AppException.invalid("settings." + name + ": a whole number from " + min + " to " + max);
    }

    private static boolean flag(JsonObject settings, String name) {
        JsonValue value = settings.get(name);
        if (value == null || value == JsonValue.NULL || value == JsonValue.FALSE) {
            return false;
        }
        if (value == JsonValue.TRUE) {
            return true;
        }
        throw AppException.invalid("settings." + name + ": true or false");
    }
}
