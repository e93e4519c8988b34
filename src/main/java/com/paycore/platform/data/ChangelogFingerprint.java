package com.paycore.platform.data;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A digest of the packaged Liquibase changelog: the master file and every file it includes, by name and content.
 * {@link SchemaMigration} tags the database with it after a successful update; a start that finds the same tag on the
 * newest applied changeset knows nothing is pending and skips Liquibase (its set-up and its lock cost seconds of
 * boot). Any change to any changelog file changes the digest, so Liquibase runs again.
 */
final class ChangelogFingerprint {

    /** Liquibase tags are at most 255 characters; a SHA-256 in hex is 64. */
    static final String TAG_PREFIX = "changelog-sha256:";

    // The master changelog lists its files as `file: changes/...` with relativeToChangelogFile: true.
    private static final Pattern INCLUDE = Pattern.compile("^\\s*file:\\s*(\\S+)\\s*$", Pattern.MULTILINE);

    private ChangelogFingerprint() {
    }

    /** The tag for the changelog at {@code changelog} (a class-path resource), or empty if a file cannot be read. */
    static Optional<String> of(ClassLoader loader, String changelog) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            byte[] master = read(loader, changelog);
            add(digest, changelog, master);
            String folder = changelog.contains("/") ? changelog.substring(0, changelog.lastIndexOf('/') + 1) : "";
            Matcher include = INCLUDE.matcher(new String(master, StandardCharsets.UTF_8));
            while (include.find()) {
                String file = folder + include.group(1);
                add(digest, file, read(loader, file));
            }
            return Optional.of(TAG_PREFIX + HexFormat.of().formatHex(digest.digest()));
        } catch (IOException | NoSuchAlgorithmException e) {
            return Optional.empty();
        }
    }

    private static void add(MessageDigest digest, String name, byte[] content) {
        digest.update(name.getBytes(StandardCharsets.UTF_8));
        digest.update((byte) 0);
        digest.update(Integer.toString(content.length).getBytes(StandardCharsets.US_ASCII));
        digest.update((byte) 0);
        digest.update(content);
    }

    private static byte[] read(ClassLoader loader, String resource) throws IOException {
        try (InputStream in = loader.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("missing " + resource);
            }
            return in.readAllBytes();
        }
    }
}
