package com.paycore.auth;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.microprofile.config.spi.ConfigSource;

import com.paycore.platform.runtime.Settings;
import com.paycore.user.ExternalIssuers;

/**
 * Feeds MicroProfile JWT the built-in issuer and the public half of the signing key, so that tokens from
 * {@code POST /api/auth/token} verify without any setup. An operator who sets {@code mp.jwt.verify.*}
 * (for an external OAuth2 server) overrides both: this source then stays silent about the key.
 * {@code payments.jwt.audience} becomes {@code mp.jwt.verify.audiences}: tokens must then name it in {@code aud}.
 */
public class JwtConfigSource implements ConfigSource {

    static final String ISSUER = "payments.jwt.issuer";
    static final String DEFAULT_ISSUER = "payments";
    static final String AUDIENCE = "payments.jwt.audience";
    static final String VERIFY_AUDIENCES = "mp.jwt.verify.audiences";
    static final String EXTERNAL_PLATFORM_ADMINS = "payments.jwt.external-platform-admins";

    @Override
    public Map<String, String> getProperties() {
        Map<String, String> values = new HashMap<>();
        values.put("mp.jwt.verify.issuer", issuer());
        if (Settings.get("mp.jwt.verify.publickey.location") == null
                && Settings.get("mp.jwt.verify.publickey") == null) {
            values.put("mp.jwt.verify.publickey", SigningKeys.publicKeyPem());
        }
        if (Settings.get(AUDIENCE) != null) {
            values.put(VERIFY_AUDIENCES, Settings.get(AUDIENCE));
        }
        return values;
    }

    /**
     * Whether the operator pointed the verifier at another issuer (its key or its name): every bearer token is then
     * that issuer's, since the built-in signing key is no longer the one trusted.
     */
    static boolean externalIssuer() {
        String verifiedIssuer = Settings.get("mp.jwt.verify.issuer");
        return Settings.get("mp.jwt.verify.publickey.location") != null
                || Settings.get("mp.jwt.verify.publickey") != null
                || verifiedIssuer != null && !verifiedIssuer.equals(issuer());
    }

    /** The accepted audiences, from payments.jwt.audience or else mp.jwt.verify.audiences; empty when unset. */
    static List<String> audiences() {
        String value = Settings.get(AUDIENCE) != null ? Settings.get(AUDIENCE) : Settings.get(VERIFY_AUDIENCES);
        return value == null ? List.of() : Arrays.stream(value.split(","))
                .map(String::trim).filter(a -> !a.isEmpty()).toList();
    }

    /** Why tokens cannot be trusted with this configuration, or null when they can. */
    static String misconfiguration() {
        if (!externalIssuer()) {
            return null;
        }
        if (audiences().isEmpty()) {
            return AUDIENCE + " (or " + VERIFY_AUDIENCES + ") must be set when an external token issuer is "
                    + "configured (mp.jwt.verify.publickey.location, mp.jwt.verify.publickey or mp.jwt.verify.issuer)";
        }
        String issuers = ExternalIssuers.problem();
        if (issuers != null) {
            return issuers;
        }
        String verified = Settings.get("mp.jwt.verify.issuer") != null ? Settings.get("mp.jwt.verify.issuer") : issuer();
        if (ExternalIssuers.byIss(verified).isEmpty()) {
            return ExternalIssuers.NAMES + " must name the external issuer (payments.jwt.external-issuers.<name>.issuer="
                    + verified + ") and list the companies it may speak for (payments.jwt.external-issuers.<name>"
                    + ".companies): its tokens reach only linked users of those companies";
        }
        return null;
    }

    /** Off unless set to true: an external issuer's tokens never carry platform administrator rights by default. */
    static boolean externalPlatformAdmins() {
        return "true".equalsIgnoreCase(String.valueOf(Settings.get(EXTERNAL_PLATFORM_ADMINS)).trim());
    }

    static String issuer() {
        String issuer = Settings.get(ISSUER);
        return issuer == null ? DEFAULT_ISSUER : issuer;
    }

    @Override
    public Set<String> getPropertyNames() {
        return getProperties().keySet();
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
