package com.paycore.platform.runtime;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.logging.Logger;

import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/**
 * {@code payments.mode}: {@code development} (the default, the run command) or {@code production} (the Dockerfile and
 * {@code server-config/payara-server.sh} set it). In production the instance refuses to become ready while a
 * setting a real installation needs is missing or unsafe: no SMTP host (invitation tokens would be answered to the
 * inviter), no configured master key or token signing key (keys generated into files next to the database), the
 * embedded H2 database instead of PostgreSQL, webhooks allowed to reach private addresses, and what features report
 * of their stored configuration ({@link ProductionRefusals}: an acquirer link without TLS). Each refusal names its
 * setting in the log (at start) and in the {@code production-guard} check of {@code /health/ready} (its data: setting
 * name, what is wrong). The settings are read the way the code that uses them reads them ({@link Settings}).
 */
@Readiness
@ApplicationScoped
public class ProductionGuard implements HealthCheck {

    private static final Logger LOG = Logger.getLogger(ProductionGuard.class.getName());
    public static final String MODE = "payments.mode";
    static final String DEVELOPMENT = "development";
    static final String PRODUCTION = "production";

    void atStartup(@Observes @Priority(StartupOrder.SCHEMA - 50) @Initialized(ApplicationScoped.class) Object started) {
        Map<String, String> refusals = refusals(Settings::get);
        if (refusals.isEmpty()) {
            LOG.info(() -> MODE + " = " + mode(Settings::get));
        }
        refusals.forEach((setting, problem) -> LOG.severe("Not ready (" + MODE + " = production): " + setting + " "
                + problem));
    }

    @Inject
    Event<ProductionRefusals> features;

    @Override
    public HealthCheckResponse call() {
        Map<String, String> refusals = refusals(Settings::get);
        if (production()) {
            ProductionRefusals stored = new ProductionRefusals();
            features.fire(stored);
            refusals.putAll(stored.all());
        }
        HealthCheckResponseBuilder response = HealthCheckResponse.named("production-guard")
                .status(refusals.isEmpty()).withData("mode", mode(Settings::get));
        refusals.forEach(response::withData);
        return response.build();
    }

    /** Whether this instance runs in production mode. */
    public static boolean production() {
        return PRODUCTION.equals(mode(Settings::get));
    }

    /** Whether a value of {@value #MODE}, as configured, means production mode. */
    public static boolean production(String mode) {
        return PRODUCTION.equals(normalized(mode));
    }

    static String mode(UnaryOperator<String> settings) {
        return normalized(settings.apply(MODE));
    }

    private static String normalized(String mode) {
        return mode == null ? DEVELOPMENT : mode.trim().toLowerCase(Locale.ROOT);
    }

    /**
     * What keeps the instance from being ready, by setting name (empty: nothing). {@code settings} answers a
     * setting's value by its dotted name, null when unset or blank.
     */
    static Map<String, String> refusals(UnaryOperator<String> settings) {
        Map<String, String> refusals = new LinkedHashMap<>();
        String mode = mode(settings);
        if (DEVELOPMENT.equals(mode)) {
            return refusals;
        }
        if (!PRODUCTION.equals(mode)) {
            refusals.put(MODE, "is neither development nor production (PAYMENTS_MODE)");
            return refusals;
        }
        if (settings.apply("payments.mail.smtp.host") == null) {
            refusals.put("payments.mail.smtp.host", "is not set (PAYMENTS_MAIL_SMTP_HOST): invitation tokens would be "
                    + "answered to the inviter instead of being e-mailed");
        }
        if (settings.apply("payments.crypto.master-key") == null) {
            refusals.put("payments.crypto.master-key", "is not set (PAYMENTS_CRYPTO_MASTER_KEY): the master key would be "
                    + "a file generated next to the database");
        }
        if (settings.apply("payments.jwt.signing-key") == null) {
            refusals.put("payments.jwt.signing-key", "is not set (PAYMENTS_JWT_SIGNING_KEY): the token signing key would "
                    + "be a file generated next to the database");
        }
        String url = settings.apply("payments.db.url");
        if (url == null) {
            refusals.put("payments.db.url", "is not set (PAYMENTS_DB_URL): the embedded H2 database; production needs "
                    + "PostgreSQL");
        } else if (!url.startsWith("jdbc:postgresql:")) {
            refusals.put("payments.db.url", "is not a jdbc:postgresql: URL (PAYMENTS_DB_URL); production needs PostgreSQL");
        }
        String privateTargets = settings.apply("payments.webhooks.allow-private-targets");
        if (privateTargets != null && Boolean.parseBoolean(privateTargets.trim())) {
            refusals.put("payments.webhooks.allow-private-targets", "is true "
                    + "(PAYMENTS_WEBHOOKS_ALLOW_PRIVATE_TARGETS): webhooks could reach internal addresses");
        }
        return refusals;
    }
}
