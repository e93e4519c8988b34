package com.paycore.secret;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SecretFilesTest {

    @Test
    void createsOnceOwnerOnlyAndNeverReplaces(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("sub").resolve("master.key");
        assertTrue(SecretFiles.createOnce(file, "first"));
        assertFalse(SecretFiles.createOnce(file, "second"));
        assertEquals("first", Files.readString(file));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        try (var left = Files.list(file.getParent())) {
            assertEquals(1, left.count(), "no temporary file is left behind");
        }
    }

    @Test
    void pemRoundTrips() {
        byte[] der = new byte[300];
        for (int i = 0; i < der.length; i++) {
            der[i] = (byte) i;
        }
        String pem = Pem.encode("PUBLIC KEY", der);
        assertTrue(pem.startsWith("-----BEGIN PUBLIC KEY-----\n") && pem.endsWith("-----END PUBLIC KEY-----\n"));
        assertTrue(pem.lines().allMatch(line -> line.length() <= 64 || line.startsWith("-----")));
        assertArrayEquals(der, Pem.decode(pem));
    }
}
