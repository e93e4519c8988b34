package com.paycore.platform.runtime;

import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;

/**
 * Cryptographically strong random bytes without a lock that every thread shares. On Linux each
 * {@code new SecureRandom()} is a NativePRNG, and all of them (and {@link java.util.UUID#randomUUID()}'s) read through
 * one synchronized generator: under load the request threads queued for it, and when its holder lost its core the
 * others waited 20-40 ms (JDK Flight Recorder's monitor events, docs/PERFORMANCE.md). Here each thread has a DRBG of
 * its own (SHA-256 Hash_DRBG, the JDK's strong default), seeded once from the system's entropy source.
 */
public final class Randomness {

    private static final ThreadLocal<SecureRandom> GENERATOR = ThreadLocal.withInitial(Randomness::drbg);

    private Randomness() {
    }

    /** Fills the array with random bytes from this thread's generator. */
    public static void fill(byte[] bytes) {
        GENERATOR.get().nextBytes(bytes);
    }

    /** This thread's generator, for an API that takes one (a key pair generator); never handed to another thread. */
    public static SecureRandom generator() {
        return GENERATOR.get();
    }

    private static SecureRandom drbg() {
        try {
            return SecureRandom.getInstance("DRBG");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("no DRBG in this JDK", e);
        }
    }
}
