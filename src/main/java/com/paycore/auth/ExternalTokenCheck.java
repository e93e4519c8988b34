package com.paycore.auth;

import java.net.MalformedURLException;
import java.time.Clock;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import com.nimbusds.jwt.JWTClaimsSet;

import com.paycore.platform.web.AppException;
import com.paycore.user.ExternalIssuers;
import com.paycore.user.ExternalTokens;

/**
 * Checks a token of an external issuer presented to link its subject, by the rules its tokens are checked by when they
 * sign in ({@link BearerTokens}: signature, typ, iss, exp, iat, token age, clock skew), with the issuer's key at
 * {@code payments.jwt.external-issuers.<name>.publickey.location}, else, on an instance whose verifier trusts that
 * issuer, the verifier's own keys; and the token must name one of the issuer's audiences
 * ({@code payments.jwt.external-issuers.<name>.audience}, else {@code payments.jwt.audience}). Without a key or an
 * audience the link cannot be proven here: 400, naming the setting.
 */
@ApplicationScoped
class ExternalTokenCheck implements ExternalTokens {

    @Inject
    TokenSettings settings;

    @Inject
    Clock clock;

    /** One verifier per key source (its keys cached as the sign-in verifier caches them). */
    private final Map<String, Optional<BearerTokens>> verifiers = new ConcurrentHashMap<>();

    @Override
    public Optional<String> verifiedSubject(ExternalIssuers.Issuer issuer, String token) {
        List<String> audiences = ExternalIssuers.audience(issuer.name()).map(ExternalTokenCheck::split)
                .orElseGet(settings::audiences);
        if (audiences.isEmpty()) {
            throw AppException.invalid("externalToken: cannot be checked on this instance: set the audience of issuer "
                    + issuer.name() + "'s tokens (payments.jwt.external-issuers." + issuer.name()
                    + ".audience or payments.jwt.audience)");
        }
        BearerTokens verifier = verifier(issuer).orElseThrow(() -> AppException.invalid("externalToken: cannot be "
                + "checked on this instance: no key of issuer " + issuer.name() + " (payments.jwt.external-issuers."
                + issuer.name() + ".publickey.location)"));
        return verifier.verify(token.trim())
                .filter(claims -> claims.getAudience() != null && audiences.stream().anyMatch(claims.getAudience()::contains))
                .map(JWTClaimsSet::getSubject);
    }

    private Optional<BearerTokens> verifier(ExternalIssuers.Issuer issuer) {
        Optional<String> location = ExternalIssuers.keyLocation(issuer.name());
        if (location.isPresent()) {
            return verifiers.computeIfAbsent(issuer.iss() + " " + location.get(), key -> {
                try {
                    return Optional.of(new BearerTokens(VerificationKeys.at(location.get()), issuer.iss(), List.of(),
                            settings.clockSkewSeconds(), settings.maxTokenAgeSeconds(), clock));
                } catch (MalformedURLException unusable) {
                    return Optional.empty();
                }
            });
        }
        if (settings.externalIssuer() && settings.verifiedIssuer().equals(issuer.iss())) {
            return verifiers.computeIfAbsent(" instance", key -> BearerTokens.configured(settings, clock));
        }
        return Optional.empty();
    }

    private static List<String> split(String audiences) {
        return Arrays.stream(audiences.split(",")).map(String::trim).filter(a -> !a.isEmpty()).toList();
    }
}
