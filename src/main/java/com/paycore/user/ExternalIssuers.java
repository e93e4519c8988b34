package com.paycore.user;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import com.paycore.platform.input.Ids;
import com.paycore.platform.runtime.Settings;

/**
 * The external token issuers and the companies each may speak for:
 * {@code payments.jwt.external-issuers} lists their names; for each name, {@code payments.jwt.external-issuers.<name>.issuer}
 * is the {@code iss} its tokens carry and {@code payments.jwt.external-issuers.<name>.companies} the ids of the companies
 * (comma-separated) whose users it may name. Its tokens reach a user only through an explicit link (issuer name and
 * subject, {@link ExternalIdentityService}), and only a user with an active membership of one of those companies; the
 * caller then acts in those companies only. A user links a subject to themselves by presenting a token of it, which
 * this instance checks with the issuer's key at {@code payments.jwt.external-issuers.<name>.publickey.location} (else,
 * on an instance whose verifier trusts that issuer, with the verifier's own key) and for the audience
 * {@code payments.jwt.external-issuers.<name>.audience} (else {@code payments.jwt.audience}). Read from the settings on
 * every call (cheap: system properties and the environment), so nothing is cached past a restart.
 */
public final class ExternalIssuers {

    public static final String NAMES = "payments.jwt.external-issuers";
    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9-]{0,39}");

    /** A configured issuer: its name (what links store), its iss value, and the companies it speaks for. */
    public record Issuer(String name, String iss, Set<UUID> companies) {
    }

    private ExternalIssuers() {
    }

    /** Every configured issuer; a name whose settings are incomplete or malformed is left out (see {@link #problem}). */
    public static List<Issuer> all() {
        return names().stream().map(ExternalIssuers::read).flatMap(Optional::stream).toList();
    }

    public static Optional<Issuer> named(String name) {
        return all().stream().filter(i -> i.name().equals(name)).findFirst();
    }

    /** The issuer whose tokens carry this iss. */
    public static Optional<Issuer> byIss(String iss) {
        return iss == null ? Optional.empty() : all().stream().filter(i -> i.iss().equals(iss)).findFirst();
    }

    /** What is wrong with the settings, naming the setting, or null when nothing is. */
    public static String problem() {
        for (String name : names()) {
            if (!NAME.matcher(name).matches()) {
                return NAMES + ": \"" + name + "\" is not a name (lower-case letters, digits and hyphens, at most 40)";
            }
            if (Settings.get(key(name, "issuer")) == null) {
                return key(name, "issuer") + " must be set (the iss value of the issuer's tokens)";
            }
            String companies = Settings.get(key(name, "companies"));
            if (companies == null) {
                return key(name, "companies") + " must list the ids of the companies the issuer may speak for";
            }
            try {
                parseCompanies(companies);
            } catch (IllegalArgumentException e) {
                return key(name, "companies") + " must be comma-separated company ids";
            }
        }
        return null;
    }

    /** Where this issuer's public keys are (a URL or path: PEM, JWK or JWK Set), when set. */
    public static Optional<String> keyLocation(String name) {
        return Optional.ofNullable(Settings.get(key(name, "publickey.location"))).map(String::trim);
    }

    /** The audiences (comma-separated) a token of this issuer presented for a link must name one of, when set. */
    public static Optional<String> audience(String name) {
        return Optional.ofNullable(Settings.get(key(name, "audience"))).map(String::trim);
    }

    static String key(String name, String what) {
        return NAMES + "." + name + "." + what;
    }

    private static List<String> names() {
        String value = Settings.get(NAMES);
        return value == null ? List.of() : Arrays.stream(value.split(",")).map(String::trim)
                .filter(n -> !n.isEmpty()).distinct().toList();
    }

    private static Optional<Issuer> read(String name) {
        String iss = Settings.get(key(name, "issuer"));
        String companies = Settings.get(key(name, "companies"));
        if (!NAME.matcher(name).matches() || iss == null || companies == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(new Issuer(name, iss.trim(), parseCompanies(companies)));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private static Set<UUID> parseCompanies(String value) {
        return Arrays.stream(value.split(",")).map(String::trim).filter(c -> !c.isEmpty())
                .map(Ids::parse).collect(Collectors.toUnmodifiableSet());
    }
}
