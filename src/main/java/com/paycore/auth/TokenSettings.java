package com.paycore.auth;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.eclipse.microprofile.config.Config;

import com.paycore.platform.runtime.Settings;
import com.paycore.user.ExternalIssuers;

/**
 * The token settings, read through MicroProfile Config (so {@code MP_JWT_VERIFY_ISSUER} and the other environment
 * names work): the built-in issuer ({@code payments.jwt.issuer}) and audience ({@code payments.jwt.audience}), and
 * the operator's {@code mp.jwt.*} settings for an external OAuth2 server, with the meaning MicroProfile JWT gave them
 * when it verified the tokens (see {@link BearerTokens}). Without any {@code mp.jwt.verify.*} setting, tokens from
 * {@code POST /api/auth/token} verify with no setup.
 */
@ApplicationScoped
class TokenSettings {

    static final String ISSUER = "payments.jwt.issuer";
    static final String DEFAULT_ISSUER = "payments";
    static final String AUDIENCE = "payments.jwt.audience";
    static final String EXTERNAL_PLATFORM_ADMINS = "payments.jwt.external-platform-admins";
    static final String VERIFY_ISSUER = "mp.jwt.verify.issuer";
    static final String VERIFY_AUDIENCES = "mp.jwt.verify.audiences";
    static final String PUBLIC_KEY = "mp.jwt.verify.publickey";
    static final String PUBLIC_KEY_LOCATION = "mp.jwt.verify.publickey.location";
    static final String CLOCK_SKEW = "mp.jwt.verify.clock.skew";
    static final String TOKEN_AGE = "mp.jwt.verify.token.age";
    /** Settings of MicroProfile JWT this service does not support (encrypted tokens, a token in a cookie). */
    static final List<String> UNSUPPORTED = List.of("mp.jwt.decrypt.key.location", "mp.jwt.token.header",
            "mp.jwt.token.cookie");

    private Function<String, String> values;

    TokenSettings() {
        // for the container's proxy
    }

    @Inject
    TokenSettings(Config config) {
        this(name -> Settings.value(config, name));
    }

    /** Over any lookup of setting values (null or blank: unset); the unit tests' way in. */
    TokenSettings(Function<String, String> values) {
        this.values = name -> Optional.ofNullable(values.apply(name)).filter(v -> !v.isBlank()).orElse(null);
    }

    String get(String name) {
        return values.apply(name);
    }

    /** The iss of the built-in issuer's tokens. */
    String issuer() {
        return Optional.ofNullable(get(ISSUER)).orElse(DEFAULT_ISSUER);
    }

    /** The iss every accepted token must carry: mp.jwt.verify.issuer, else the built-in issuer's. */
    String verifiedIssuer() {
        return Optional.ofNullable(get(VERIFY_ISSUER)).orElse(issuer());
    }

    /**
     * Whether the operator pointed the verifier at another issuer (its key or its name): every bearer token is then
     * that issuer's, since the built-in signing key is no longer the one trusted.
     */
    boolean externalIssuer() {
        return get(PUBLIC_KEY_LOCATION) != null || get(PUBLIC_KEY) != null || !verifiedIssuer().equals(issuer());
    }

    /** The accepted audiences, from payments.jwt.audience or else mp.jwt.verify.audiences; empty when unset. */
    List<String> audiences() {
        String value = get(AUDIENCE) != null ? get(AUDIENCE) : get(VERIFY_AUDIENCES);
        return value == null ? List.of() : Arrays.stream(value.split(","))
                .map(String::trim).filter(a -> !a.isEmpty()).toList();
    }

    /**
     * The audiences the signature check requires one of, as MicroProfile JWT read them: mp.jwt.verify.audiences, else
     * payments.jwt.audience, split at commas and not trimmed.
     */
    List<String> verifiedAudiences() {
        String value = get(VERIFY_AUDIENCES) != null ? get(VERIFY_AUDIENCES) : get(AUDIENCE);
        return value == null ? List.of() : List.of(value.split(","));
    }

    /** Leeway in seconds on exp (mp.jwt.verify.clock.skew); none unless set. */
    long clockSkewSeconds() {
        return seconds(CLOCK_SKEW).orElse(0L);
    }

    /** The longest time since iat a token is accepted (mp.jwt.verify.token.age); unlimited unless set. */
    Optional<Long> maxTokenAgeSeconds() {
        return seconds(TOKEN_AGE);
    }

    /** Off unless set to true: an external issuer's tokens never carry platform administrator rights by default. */
    boolean externalPlatformAdmins() {
        return "true".equalsIgnoreCase(String.valueOf(get(EXTERNAL_PLATFORM_ADMINS)).trim());
    }

    /** Why tokens cannot be trusted with this configuration, or null when they can. */
    String misconfiguration() {
        String unusable = unusable();
        if (unusable != null) {
            return unusable;
        }
        return externalIssuer() ? externalMisconfiguration() : null;
    }

    /** A setting no token could be verified under (every token is then refused), or null. */
    String unusable() {
        for (String unsupported : UNSUPPORTED) {
            if (get(unsupported) != null) {
                return unsupported + " is not supported: bearer tokens are signed JWTs in the Authorization header";
            }
        }
        for (String number : List.of(CLOCK_SKEW, TOKEN_AGE)) {
            if (get(number) != null && seconds(number).isEmpty()) {
                return number + " must be a whole number of seconds, got " + get(number);
            }
        }
        return null;
    }

    private String externalMisconfiguration() {
        if (audiences().isEmpty()) {
            return AUDIENCE + " (or " + VERIFY_AUDIENCES + ") must be set when an external token issuer is "
                    + "configured (" + PUBLIC_KEY_LOCATION + ", " + PUBLIC_KEY + " or " + VERIFY_ISSUER + ")";
        }
        String issuers = ExternalIssuers.problem();
        if (issuers != null) {
            return issuers;
        }
        if (ExternalIssuers.byIss(verifiedIssuer()).isEmpty()) {
            return ExternalIssuers.NAMES + " must name the external issuer (payments.jwt.external-issuers.<name>.issuer="
                    + verifiedIssuer() + ") and list the companies it may speak for (payments.jwt.external-issuers.<name>"
                    + ".companies): its tokens reach only linked users of those companies";
        }
        return null;
    }

    private Optional<Long> seconds(String name) {
        String value = get(name);
        if (value == null) {
            return Optional.empty();
        }
        try {
            long seconds = Long.parseLong(value.trim());
            return seconds >= 0 ? Optional.of(seconds) : Optional.empty();
        } catch (NumberFormatException notANumber) {
            return Optional.empty();
        }
    }
}
