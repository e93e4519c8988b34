package com.paycore.secret;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Local secret files made on first start when nothing is configured (the master key, the token signing key):
 * owner-only (0600), written whole before they appear, and never replacing one that another process on the same
 * data folder made first, so every instance ends up reading the same secret.
 */
public final class SecretFiles {

    private SecretFiles() {
    }

    /** Creates the file with the content unless it exists; true when this call created it. */
    public static boolean createOnce(Path file, String content) throws IOException {
        if (Files.exists(file)) {
            return false;
        }
        Files.createDirectories(file.getParent());
        Path temp = Files.createTempFile(file.getParent(), file.getFileName().toString(), ".tmp");
        try {
            try {
                Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString("rw-------"));
            } catch (UnsupportedOperationException notPosix) {
                // permissions stay as the file system gives them
            }
            Files.writeString(temp, content);
            Files.createLink(file, temp); // atomic, and fails when the file already exists
            return true;
        } catch (FileAlreadyExistsException raced) {
            return false; // another instance made it first: everyone reads theirs
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}
