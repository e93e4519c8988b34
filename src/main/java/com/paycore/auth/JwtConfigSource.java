package com.paycore.auth;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

import org.eclipse.microprofile.config.spi.ConfigSource;

import com.paycore.platform.Settings;

/**
 * Feeds MicroProfile JWT the built-in issuer and the public half of the signing key, so that tokens from
 * {@code POST /api/auth/token} verify without any setup. An operator who sets {@code mp.jwt.verify.*}
 * (for an external OAuth2 server) overrides both: this source then stays silent about the key.
 */
public class JwtConfigSource implements ConfigSource {

    static final String ISSUER = "payments.jwt.issuer";
    static final String DEFAULT_ISSUER = "payments";

    @Override
    public Map<String, String> getProperties() {
        Map<String, String> values = new HashMap<>();
        values.put("mp.jwt.verify.issuer", issuer());
        if (Settings.get("mp.jwt.verify.publickey.location") == null
                && Settings.get("mp.jwt.verify.publickey") == null) {
            values.put("mp.jwt.verify.publickey", SigningKeys.publicKeyPem());
        }
        return values;
    }

    static String issuer() {
        String issuer = Settings.get(ISSUER);
        return issuer == null ? DEFAULT_ISSUER : issuer;
    }

    @Override
    public Set<String> getPropertyNames() {
        return Set.of("mp.jwt.verify.issuer", "mp.jwt.verify.publickey");
    }

    @Override
    public String getValue(String propertyName) {
        if (!propertyName.startsWith("mp.jwt.verify.")) {
            return null;
        }
        return getProperties().get(propertyName);
    }

    @Override
    public String getName() {
        return "payments-jwt-defaults";
    }

    @Override
    public int getOrdinal() {
        return 10;
    }
}
