package com.paycore.auth;

import java.io.IOException;
import java.io.InputStream;
import java.net.MalformedURLException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.text.ParseException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Logger;

import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.KeyType;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.source.ImmutableJWKSet;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.jwk.source.JWKSourceBuilder;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jose.util.DefaultResourceRetriever;
import com.nimbusds.jose.util.JSONObjectUtils;
import com.nimbusds.jose.util.Resource;
import com.nimbusds.jose.util.ResourceRetriever;

/**
 * The public keys bearer tokens are verified with, in the forms MicroProfile JWT took: a PEM public key (RSA or EC,
 * armoured or bare base64), one JWK, or a JWK Set (also base64-encoded). A PEM key or a single JWK verifies a token
 * whatever kid it names; in a JWK Set, a token's kid picks the key and a token without kid takes the first one.
 * Such single keys are marked with {@link #ANY_KID} in the set this class hands out. Only RSA keys and EC keys on
 * P-256 are kept (RS256 and ES256 are the only algorithms accepted).
 * <p>
 * A location ({@code mp.jwt.verify.publickey.location}: a file:, http: or https: URL, or a file path) is read again
 * when its five minutes in the cache have run out (as MicroProfile JWT did), through nimbus' caching source: fetched
 * with timeouts, at most once per 30 seconds on a kid it does not know, refreshed ahead in the background.
 */
final class VerificationKeys {

    /** The kid given to a PEM key or a lone JWK: it verifies a token naming any kid, or none. */
    static final String ANY_KID = "urn:payments:any-kid";
    static final int CONNECT_TIMEOUT_MS = 2_000;
    static final int READ_TIMEOUT_MS = 3_000;
    static final int SIZE_LIMIT_BYTES = 1 << 20;
    static final long CACHE_MS = 5 * 60_000L;

    private static final Logger LOG = Logger.getLogger(VerificationKeys.class.getName());

    private VerificationKeys() {
    }

    /** Keys given as text (mp.jwt.verify.publickey, or the built-in signing key's PEM). */
    static JWKSource<SecurityContext> of(String text) throws ParseException {
        return new ImmutableJWKSet<>(parse(text));
    }

    /** Keys read from a location, cached. */
    static JWKSource<SecurityContext> at(String location) throws MalformedURLException {
        return JWKSourceBuilder.create(url(location), new KeyTextRetriever())
                .cache(CACHE_MS, JWKSourceBuilder.DEFAULT_CACHE_REFRESH_TIMEOUT)
                .build();
    }

    /** A URL as given, or a file path made into one (MicroProfile JWT took URLs only; a bare path refused every token). */
    static URL url(String location) throws MalformedURLException {
        String trimmed = location.trim();
        try {
            URI uri = new URI(trimmed);
            if (uri.getScheme() != null && uri.getScheme().length() > 1) { // C:\keys is a path
                return uri.toURL();
            }
        } catch (URISyntaxException | IllegalArgumentException notAUri) {
            // a path below
        }
        return Path.of(trimmed).toAbsolutePath().toUri().toURL();
    }

    /** PEM, a JWK or a JWK Set (as JSON or base64 of it) to the set of usable keys; single keys marked ANY_KID. */
    static JWKSet parse(String text) throws ParseException {
        Optional<PublicKey> pem = pem(text);
        if (pem.isPresent()) {
            return new JWKSet(single(pem.get()).stream().toList());
        }
        Map<String, Object> json = json(text);
        if (json.containsKey("keys")) {
            List<JWK> usable = new ArrayList<>();
            for (JWK key : JWKSet.parse(json).getKeys()) {
                if (usable(key)) {
                    usable.add(key);
                }
            }
            return new JWKSet(usable);
        }
        JWK key = JWK.parse(json);
        return new JWKSet(usable(key) ? List.of(markedAnyKid(key)) : List.of());
    }

    private static Optional<PublicKey> pem(String text) {
        String base64 = text.replaceAll("-----BEGIN (.*)-----", "").replaceAll("-----END (.*)----", "")
                .replace("\r\n", "").replace("\n", "").trim();
        byte[] der;
        try {
            der = Base64.getDecoder().decode(base64);
        } catch (IllegalArgumentException notBase64) {
            return Optional.empty();
        }
        for (String algorithm : List.of("RSA", "EC")) {
            try {
                return Optional.of(KeyFactory.getInstance(algorithm).generatePublic(new X509EncodedKeySpec(der)));
            } catch (GeneralSecurityException notThisKind) {
                // the next kind, or not PEM
            }
        }
        return Optional.empty();
    }

    private static Map<String, Object> json(String text) throws ParseException {
        try {
            return JSONObjectUtils.parse(text);
        } catch (ParseException notJson) {
            try {
                return JSONObjectUtils.parse(new String(Base64.getDecoder().decode(text.trim()), StandardCharsets.UTF_8));
            } catch (IllegalArgumentException notBase64) {
                throw notJson;
            }
        }
    }

    private static Optional<JWK> single(PublicKey key) {
        if (key instanceof RSAPublicKey rsa) {
            return Optional.of(new RSAKey.Builder(rsa).keyID(ANY_KID).build());
        }
        if (key instanceof ECPublicKey ec && Curve.forECParameterSpec(ec.getParams()) == Curve.P_256) {
            return Optional.of(new ECKey.Builder(Curve.P_256, ec).keyID(ANY_KID).build());
        }
        return Optional.empty();
    }

    private static JWK markedAnyKid(JWK key) {
        return key instanceof RSAKey rsa ? new RSAKey.Builder(rsa).keyID(ANY_KID).build()
                : new ECKey.Builder((ECKey) key).keyID(ANY_KID).build();
    }

    private static boolean usable(JWK key) {
        return KeyType.RSA.equals(key.getKeyType())
                || KeyType.EC.equals(key.getKeyType()) && Curve.P_256.equals(((ECKey) key).getCurve());
    }

    /**
     * Reads the text at a location (files directly, http and https with timeouts and a size limit) and hands nimbus
     * the JWK Set it holds, whichever of the accepted forms it is in.
     */
    static final class KeyTextRetriever implements ResourceRetriever {

        private final DefaultResourceRetriever http = new DefaultResourceRetriever(CONNECT_TIMEOUT_MS, READ_TIMEOUT_MS,
                SIZE_LIMIT_BYTES);

        @Override
        public Resource retrieveResource(URL url) throws IOException {
            String text;
            try {
                text = "file".equalsIgnoreCase(url.getProtocol()) ? file(url) : http.retrieveResource(url).getContent();
            } catch (IOException unreachable) {
                LOG.warning("The token verification keys at " + url + " could not be read: " + unreachable);
                throw unreachable;
            }
            try {
                return new Resource(parse(text).toString(), "application/jwk-set+json");
            } catch (ParseException | RuntimeException unreadable) {
                LOG.warning("No token verification key could be read from " + url + ": not a PEM public key, JWK or"
                        + " JWK Set");
                throw new IOException("not a PEM public key, JWK or JWK Set: " + url);
            }
        }

        private static String file(URL url) throws IOException {
            try (InputStream in = Files.newInputStream(Path.of(url.toURI()))) {
                byte[] bytes = in.readNBytes(SIZE_LIMIT_BYTES + 1);
                if (bytes.length > SIZE_LIMIT_BYTES) {
                    throw new IOException("larger than " + SIZE_LIMIT_BYTES + " bytes: " + url);
                }
                return new String(bytes, StandardCharsets.UTF_8);
            } catch (URISyntaxException | IllegalArgumentException badPath) {
                throw new IOException("not a file path: " + url, badPath);
            }
        }
    }
}
