package com.paycore.auth;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.Signature;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.UUID;

import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;

import com.paycore.platform.input.Ids;
import com.paycore.platform.web.StrictJson;

/**
 * Signs RS256 access tokens with the claims {@link BearerTokens} verifies: iss, sub (user id), upn (email),
 * groups, iat, exp, jti, and aud when an audience is configured. Groups are informational: every request re-reads roles from the database.
 */
final class AccessTokens {

    private AccessTokens() {
    }

    static String issue(UUID userId, String email, boolean platformAdmin, Instant now, Duration lifetime,
                        TokenSettings settings) {
        JsonObject header = StrictJson.json().createObjectBuilder()
                .add("alg", "RS256").add("typ", "JWT").add("kid", SigningKeys.keyId()).build();
        JsonArrayBuilder groups = StrictJson.json().createArrayBuilder().add("user");
        if (platformAdmin) {
            groups.add("PlatformAdmin");
        }
        JsonObjectBuilder claims = StrictJson.json().createObjectBuilder()
                .add("iss", settings.issuer())
                .add("sub", userId.toString())
                .add("upn", email)
                .add("groups", groups)
                .add("iat", now.getEpochSecond())
                .add("exp", now.plus(lifetime).getEpochSecond())
                .add("jti", Ids.newId().toString());
        List<String> audiences = settings.audiences();
        if (!audiences.isEmpty()) {
            // The verifier then requires one of them (mp.jwt.verify.audiences), ours included.
            claims.add("aud", StrictJson.json().createArrayBuilder(audiences));
        }
        String signingInput = base64(header.toString()) + "." + base64(claims.build().toString());
        try {
            Signature rsa = Signature.getInstance("SHA256withRSA");
            rsa.initSign(SigningKeys.get().getPrivate());
            rsa.update(signingInput.getBytes(StandardCharsets.US_ASCII));
            return signingInput + "." + Base64.getUrlEncoder().withoutPadding().encodeToString(rsa.sign());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Cannot sign the access token", e);
        }
    }

    private static String base64(String json) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(json.getBytes(StandardCharsets.UTF_8));
    }
}
