package com.paycore.apikey;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * GnuPG (/usr/bin/gpg) as the independent OpenPGP implementation of the tests: each instance has its own temporary
 * home directory (batch mode, loopback pinentry, every key trusted) and stops its agent when closed.
 */
public final class Gpg implements AutoCloseable {

    /** A finished gpg run. */
    public record Run(int exitCode, byte[] stdout, String stderr) {
        public String out() {
            return new String(stdout, StandardCharsets.UTF_8);
        }
    }

    private final Path home;

    public Gpg() {
        try {
            home = Files.createTempDirectory("gpg", PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public Path home() {
        return home;
    }

    /** Runs gpg with the test options, the given arguments and standard input; any exit code. */
    public Run run(byte[] stdin, String... args) {
        List<String> command = new ArrayList<>(List.of("gpg", "--homedir", home.toString(), "--batch", "--yes",
                "--pinentry-mode", "loopback", "--trust-model", "always", "--no-tty"));
        command.addAll(List.of(args));
        try {
            Path in = Files.createTempFile(home, "stdin", "");
            Files.write(in, stdin);
            Path err = Files.createTempFile(home, "stderr", "");
            Process process = new ProcessBuilder(command).redirectInput(in.toFile()).redirectError(err.toFile()).start();
            byte[] out = process.getInputStream().readAllBytes();
            if (!process.waitFor(120, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException("gpg did not finish: " + command);
            }
            return new Run(process.exitValue(), out, Files.readString(err));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Runs gpg and answers its standard output; fails with gpg's error output when it exits with an error. */
    public byte[] ok(byte[] stdin, String... args) {
        Run run = run(stdin, args);
        if (run.exitCode() != 0) {
            throw new IllegalStateException("gpg " + String.join(" ", args) + " exited " + run.exitCode() + ": " + run.stderr());
        }
        return run.stdout();
    }

    public void importKey(byte[] keyRing) {
        ok(keyRing, "--import");
    }

    @Override
    public void close() {
        try {
            new ProcessBuilder("gpgconf", "--homedir", home.toString(), "--kill", "all")
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor(30, TimeUnit.SECONDS);
            deleteTree(home);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Deletes the home directory. The agent removes its own sockets as it stops, after {@code gpgconf --kill} has
     * returned: a file gone while the tree is walked is not an error.
     */
    private static void deleteTree(Path root) throws IOException {
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) throws IOException {
                Files.deleteIfExists(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
                if (e instanceof NoSuchFileException) {
                    return FileVisitResult.CONTINUE;
                }
                throw e;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path directory, IOException e) throws IOException {
                Files.deleteIfExists(directory);
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
