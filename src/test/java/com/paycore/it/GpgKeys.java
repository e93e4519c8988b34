package com.paycore.it;

import java.nio.charset.StandardCharsets;

import com.paycore.apikey.Gpg;

/**
 * OpenPGP keys GnuPG makes for scenarios, named by user ID ({@code name <name@example.com>}), without passphrase and
 * never expiring, in a GnuPG home of their own that is removed when the test JVM ends.
 */
final class GpgKeys {

    private final Gpg gpg = new Gpg();

    GpgKeys() {
        Runtime.getRuntime().addShutdownHook(new Thread(gpg::close));
    }

    /** The GnuPG home the keys are in (with their secret keys), to decrypt or inspect with. */
    Gpg gpg() {
        return gpg;
    }

    /** Makes an Ed25519 primary key with the usage given (as gpg spells it: "sign", "cert,sign"), answered armored. */
    String generate(String name, String usage) {
        gpg.ok(new byte[0], "--passphrase", "", "--quick-gen-key", name + " <" + name + "@example.com>", "ed25519",
                usage, "never");
        return exported(name);
    }

    /** Makes an Ed25519 primary key with the usage given and a Curve25519 encryption subkey; answers it armored. */
    String withEncryptionSubkey(String name, String primaryUsage) {
        generate(name, primaryUsage);
        gpg.ok(new byte[0], "--passphrase", "", "--quick-add-key", fingerprint(name), "cv25519", "encr", "never");
        return exported(name);
    }

    /** The public key ring of the name, armored. */
    String exported(String name) {
        return new String(gpg.ok(new byte[0], "--armor", "--export", "<" + name + "@example.com>"),
                StandardCharsets.US_ASCII);
    }

    /** The secret key ring of the name, armored. */
    String exportedSecret(String name) {
        return new String(gpg.ok(new byte[0], "--passphrase", "", "--armor", "--export-secret-keys",
                "<" + name + "@example.com>"), StandardCharsets.US_ASCII);
    }

    /** The primary key's fingerprint as gpg prints it (40 hex digits). */
    String fingerprint(String name) {
        return gpg.run(new byte[0], "--with-colons", "--fingerprint", "<" + name + "@example.com>").out().lines()
                .filter(l -> l.startsWith("fpr:")).findFirst().orElseThrow().split(":")[9];
    }
}
