package com.paycore.auth;

import java.net.MalformedURLException;
import java.security.Key;
import java.text.ParseException;
import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Logger;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.KeySourceException;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKMatcher;
import com.nimbusds.jose.jwk.JWKSelector;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jose.proc.JWSKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import com.nimbusds.jwt.proc.BadJWTException;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;

/**
 * Verifies a bearer access token by the rules MicroProfile JWT (Payara 6.2025.10) applied when it verified them, so
 * that every token accepted or refused before is accepted or refused now: a signed JWT (three parts) with
 * {@code typ} exactly {@code JWT}, signed RS256 or ES256 (never {@code none}, never HMAC) by a key of
 * {@link VerificationKeys}; carrying iss, sub, exp, iat and jti; iss the configured one; {@code now - skew < exp} and
 * {@code iat < exp} (nbf and a future iat are not checked, as they were not); iat no older than the token age when one
 * is set; aud naming one of the audiences when some are configured; upn, else preferred_username, else sub a string.
 * Thread-safe; a refusal is an empty answer and is never logged (whoever sends garbage cannot fill the log).
 */
final class BearerTokens {

    static final Set<JWSAlgorithm> ALGORITHMS = Set.of(JWSAlgorithm.RS256, JWSAlgorithm.ES256);
    static final List<String> REQUIRED = List.of("iss", "sub", "exp", "iat", "jti");

    private static final Logger LOG = Logger.getLogger(BearerTokens.class.getName());

    private final DefaultJWTProcessor<SecurityContext> processor = new DefaultJWTProcessor<>();
    private final String issuer;
    private final List<String> audiences;
    private final long skewSeconds;
    private final Optional<Long> maxAgeSeconds;
    private final Clock clock;

    BearerTokens(JWKSource<SecurityContext> keys, String issuer, List<String> audiences, long skewSeconds,
                 Optional<Long> maxAgeSeconds, Clock clock) {
        this.issuer = issuer;
        this.audiences = List.copyOf(audiences);
        this.skewSeconds = skewSeconds;
        this.maxAgeSeconds = maxAgeSeconds;
        this.clock = clock;
        processor.setJWSTypeVerifier((type, context) -> { }); // checked exactly (case-sensitive) in verify
        processor.setJWSKeySelector(new KeySelector(keys));
        processor.setJWTClaimsSetVerifier((claims, context) -> verifyClaims(claims));
    }

    /**
     * The verifier of this configuration: the keys at mp.jwt.verify.publickey.location, else those of
     * mp.jwt.verify.publickey, else the built-in signing key's public half. Empty, with the reason logged once, when no
     * token can be verified (every token is then refused, as MicroProfile JWT refused them on an unreadable key).
     */
    static Optional<BearerTokens> configured(TokenSettings settings, Clock clock) {
        if (settings.unusable() != null) {
            LOG.severe("Every bearer token is refused: " + settings.unusable());
            return Optional.empty();
        }
        JWKSource<SecurityContext> keys;
        try {
            if (settings.get(TokenSettings.PUBLIC_KEY_LOCATION) != null) {
                keys = VerificationKeys.at(settings.get(TokenSettings.PUBLIC_KEY_LOCATION));
            } else if (settings.get(TokenSettings.PUBLIC_KEY) != null) {
                keys = VerificationKeys.of(settings.get(TokenSettings.PUBLIC_KEY));
            } else {
                keys = VerificationKeys.of(SigningKeys.publicKeyPem());
            }
        } catch (ParseException | MalformedURLException | RuntimeException unreadable) {
            LOG.severe("Every bearer token is refused: " + TokenSettings.PUBLIC_KEY + " or "
                    + TokenSettings.PUBLIC_KEY_LOCATION + " is not a PEM public key, JWK, JWK Set or location of one");
            return Optional.empty();
        }
        return Optional.of(new BearerTokens(keys, settings.verifiedIssuer(), settings.verifiedAudiences(),
                settings.clockSkewSeconds(), settings.maxTokenAgeSeconds(), clock));
    }

    /** The verified claims of an {@code Authorization} header's bearer token; empty for any refusal or no token. */
    Optional<JWTClaimsSet> fromHeader(String authorization) {
        if (authorization == null || !authorization.startsWith("Bearer ")) {
            return Optional.empty();
        }
        return verify(authorization.substring("Bearer ".length()).trim());
    }

    /** The verified claims of a token; empty for any refusal. */
    Optional<JWTClaimsSet> verify(String token) {
        if (token.isEmpty() || token.split("\\.", 5).length != 3) {
            return Optional.empty(); // not a signed JWT (an encrypted one has five parts and is not accepted)
        }
        try {
            SignedJWT jwt = SignedJWT.parse(token);
            if (jwt.getHeader().getType() == null || !"JWT".equals(jwt.getHeader().getType().getType())) {
                return Optional.empty();
            }
            return Optional.of(processor.process(jwt, null));
        } catch (ParseException | BadJOSEException | JOSEException | RuntimeException refused) {
            return Optional.empty();
        }
    }

    private void verifyClaims(JWTClaimsSet claims) throws BadJWTException {
        for (String name : REQUIRED) {
            refuseIf(claims.getClaim(name) == null, "missing " + name);
        }
        refuseIf(!callerNamed(claims), "upn, preferred_username or sub not a string");
        refuseIf(!issuer.equals(claims.getClaim("iss")), "issuer");
        long now = clock.millis() / 1000 - skewSeconds;
        long expires = claims.getExpirationTime().getTime() / 1000;
        long issued = claims.getIssueTime().getTime() / 1000;
        refuseIf(now >= expires || issued >= expires, "expired");
        refuseIf(maxAgeSeconds.isPresent() && now - issued > maxAgeSeconds.get(), "too old");
        refuseIf(!audiences.isEmpty() && (claims.getAudience() == null
                || audiences.stream().noneMatch(claims.getAudience()::contains)), "audience");
    }

    /** The caller's name: upn, else preferred_username, else sub; the first present must be a string. */
    private static boolean callerNamed(JWTClaimsSet claims) {
        for (String name : List.of("upn", "preferred_username", "sub")) {
            Object value = claims.getClaim(name);
            if (value != null) {
                return value instanceof String;
            }
        }
        return false;
    }

    private static void refuseIf(boolean refused, String why) throws BadJWTException {
        if (refused) {
            throw new BadJWTException(why);
        }
    }

    /**
     * RS256 with an RSA key, ES256 with a P-256 EC key, nothing else. A single key (PEM, one JWK) whatever the kid; in
     * a set, the key the token's kid names, or the first one for a token without kid.
     */
    static final class KeySelector implements JWSKeySelector<SecurityContext> {

        private static final JWKSelector ALL = new JWKSelector(new JWKMatcher.Builder().build());

        private final JWKSource<SecurityContext> keys;

        KeySelector(JWKSource<SecurityContext> keys) {
            this.keys = keys;
        }

        @Override
        public List<Key> selectJWSKeys(JWSHeader header, SecurityContext context) throws KeySourceException {
            if (!ALGORITHMS.contains(header.getAlgorithm())) {
                return List.of();
            }
            Optional<JWK> key = pick(keys.get(ALL, context), header.getKeyID());
            if (key.isEmpty() && header.getKeyID() != null) {
                // a kid not in the cached set: ask again by kid (nimbus refreshes the set, at most every 30 s)
                key = pick(keys.get(new JWKSelector(new JWKMatcher.Builder().keyID(header.getKeyID()).build()), context),
                        header.getKeyID());
            }
            return key.flatMap(k -> publicKey(k, header.getAlgorithm())).stream().toList();
        }

        static Optional<JWK> pick(List<JWK> keys, String kid) {
            if (keys.size() == 1 && VerificationKeys.ANY_KID.equals(keys.get(0).getKeyID())) {
                return Optional.of(keys.get(0));
            }
            if (kid == null) {
                return keys.stream().findFirst();
            }
            return keys.stream().filter(k -> Objects.equals(kid, k.getKeyID())).findFirst();
        }

        private static Optional<Key> publicKey(JWK key, JWSAlgorithm algorithm) {
            try {
                if (JWSAlgorithm.RS256.equals(algorithm) && key instanceof RSAKey rsa) {
                    return Optional.of(rsa.toPublicKey());
                }
                if (JWSAlgorithm.ES256.equals(algorithm) && key instanceof ECKey ec) {
                    return Optional.of(ec.toPublicKey());
                }
            } catch (JOSEException unusable) {
                // refused below
            }
            return Optional.empty();
        }
    }
}
