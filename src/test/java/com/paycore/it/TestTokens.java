package com.paycore.it;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.Instant;
import java.util.Base64;
import java.util.UUID;

/** Hand-made access tokens, to prove the server refuses the ones it must (expired, foreign key, other issuer). */
final class TestTokens {

    private TestTokens() {
    }

    static PrivateKey serverKey() throws Exception {
        Path file = Path.of(System.getProperty("payments.it.dir", "target/it"), "data", "jwt-signing-key.pem");
        String body = Files.readString(file).replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", "");
        return KeyFactory.getInstance("RSA").generatePrivate(new PKCS8EncodedKeySpec(Base64.getDecoder().decode(body)));
    }

    static PrivateKey foreignKey() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        return generator.generateKeyPair().getPrivate();
    }

    static String sign(PrivateKey key, String issuer, UUID subject, String upn, Instant expires) throws Exception {
        long now = Instant.now().getEpochSecond();
        String claims = "{\"iss\":\"" + issuer + "\",\"sub\":\"" + subject + "\",\"upn\":\"" + upn
                + "\",\"groups\":[\"user\"],\"iat\":" + (now - 60) + ",\"exp\":" + expires.getEpochSecond()
                + ",\"jti\":\"" + UUID.randomUUID() + "\"}";
        return signClaims(key, claims);
    }

    /** An RS256 token with exactly the given claims (a JSON object), e.g. as an external issuer would mint it. */
    static String signClaims(PrivateKey key, String claims) throws Exception {
        String header = "{\"alg\":\"RS256\",\"typ\":\"JWT\"}";
        String input = b64(header) + "." + b64(claims);
        Signature rsa = Signature.getInstance("SHA256withRSA");
        rsa.initSign(key);
        rsa.update(input.getBytes(StandardCharsets.US_ASCII));
        return input + "." + Base64.getUrlEncoder().withoutPadding().encodeToString(rsa.sign());
    }

    private static String b64(String s) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(s.getBytes(StandardCharsets.UTF_8));
    }
}
