package com.paycore.apikey;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/** FileContentPGPKey rings for tests of other packages: made as the service makes them, or as it made them before. */
public final class FileKeyRings {

    /** The armored public ring (as the key list shows it) and the binary secret ring (as unsealed). */
    public record Rings(String armoredPublicRing, byte[] secretRing) {
        public byte[] publicRing() {
            return armoredPublicRing.getBytes(StandardCharsets.US_ASCII);
        }
    }

    private FileKeyRings() {
    }

    /** A new key's rings, from {@link KeyMaterial} as the service generates them. */
    public static Rings newKey(String identity) {
        KeyMaterial.Generated generated = KeyMaterial.generate(KeyType.FileContentPGPKey, identity);
        return new Rings(generated.publicKey(), generated.privateKey());
    }

    /** A key ring as the JDK-only packet writer made them (src/test/resources/openpgp/README.txt). */
    public static Rings legacyKey() {
        return new Rings(resource("legacy-public.asc"), Base64.getMimeDecoder().decode(resource("legacy-secret.b64")));
    }

    private static String resource(String name) {
        try (InputStream in = FileKeyRings.class.getResourceAsStream("/openpgp/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
