package com.paycore.console;

import java.time.Duration;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import com.paycore.platform.runtime.ProductionGuard;

/**
 * The console session's limits and transport rules. A session ends when it has been idle for
 * {@code payments.console.session-timeout} (default 15 minutes: PCI DSS 4.0.1, requirement 8.2.8), and, however busy,
 * {@code payments.console.session-max-age} after its sign-in (default 8 hours). Both take any duration of a second or
 * more, so tests can run them in seconds. In {@code production} mode ({@code payments.mode}), which sits behind TLS
 * (at the server or at a proxy that ends it), the session cookie is always {@code Secure} and every console answer
 * carries {@code Strict-Transport-Security}.
 */
@ApplicationScoped
class ConsoleSessions {

    static final String TIMEOUT = "payments.console.session-timeout";
    static final String MAX_AGE = "payments.console.session-max-age";
    /** One year, the usual HSTS lifetime; subdomains are the operator's business, not the console's. */
    static final String STRICT_TRANSPORT_SECURITY = "max-age=31536000";

    @Inject
    @ConfigProperty(name = TIMEOUT, defaultValue = "PT15M")
    Duration idle;

    @Inject
    @ConfigProperty(name = MAX_AGE, defaultValue = "PT8H")
    Duration maxAge;

    @Inject
    @ConfigProperty(name = ProductionGuard.MODE, defaultValue = "development")
    String mode;

    /** A bad duration stops the deployment, naming its setting (ConsoleCookie asks for this bean at startup). */
    @PostConstruct
    void check() {
        checked(TIMEOUT, idle);
        checked(MAX_AGE, maxAge);
    }

    static Duration checked(String setting, Duration value) {
        if (value == null || value.compareTo(Duration.ofSeconds(1)) < 0 || value.toSeconds() > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(setting + " must be an ISO 8601 duration of at least one second (PT15M, "
                    + "PT5S); got " + value);
        }
        return value;
    }

    boolean production() {
        return ProductionGuard.production(mode);
    }

    /** The container's own idle limit for the session, in whole seconds, not shorter than ours (it frees the memory). */
    int idleSeconds() {
        return (int) Math.min(Integer.MAX_VALUE, (idle.toMillis() + 999) / 1000);
    }

    /** Whether a session signed in and last seen as given is over at that moment. */
    boolean over(SignedIn session, long nowMillis) {
        return over(session, nowMillis, idle, maxAge);
    }

    static boolean over(SignedIn session, long nowMillis, Duration idle, Duration maxAge) {
        return nowMillis - session.lastSeenMillis() >= idle.toMillis() || nowMillis - session.atMillis() >= maxAge.toMillis();
    }
}
