package com.paycore.cardfile;

import java.time.Duration;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.eclipse.microprofile.config.Config;

import com.paycore.platform.runtime.Settings;

/** The card files' settings (docs/configuration.md), read once; a value that does not parse stops the start. */
@ApplicationScoped
class CardFileSettings {

    static final String MAX_BYTES = "payments.card-files.max-bytes";
    static final String MAX_ROWS = "payments.card-files.max-rows";
    static final String MAX_EXPANDED_BYTES = "payments.card-files.max-expanded-bytes";
    static final String CHUNK_ROWS = "payments.card-files.chunk-rows";
    static final String WORKERS = "payments.card-files.workers";
    static final String LEASE_SECONDS = "payments.card-files.lease-seconds";
    static final String POLL_MS = "payments.card-files.poll-ms";

    /**
     * The stored parts a message is cut into: small enough that neither the part nor the driver's copy of it is a
     * humongous object for G1 (half a region or more; regions are 1 MiB with a heap under 2 GiB), which is allocated
     * outside the young generation and grows the heap towards its maximum.
     */
    static final int PART_BYTES = 256 * 1024;

    private long maxBytes;
    private long maxRows;
    private long maxExpandedBytes;
    private int chunkRows;
    private int workers;
    private Duration lease;
    private Duration poll;

    @Inject
    Config config;

    @PostConstruct
    void read() {
        maxBytes = positive(MAX_BYTES, 2L << 30);
        maxRows = positive(MAX_ROWS, CardFileLimits.DEFAULT_MAX_ROWS);
        maxExpandedBytes = positive(MAX_EXPANDED_BYTES, CardFileLimits.DEFAULT_MAX_EXPANDED_BYTES);
        chunkRows = (int) Math.min(10_000, positive(CHUNK_ROWS, 1000));
        workers = (int) Math.min(64, positive(WORKERS, 2));
        lease = Duration.ofSeconds(Math.max(2, positive(LEASE_SECONDS, 60)));
        poll = Duration.ofMillis(positive(POLL_MS, 2000));
    }

    private long positive(String key, long fallback) {
        long value = Settings.wholeOrOff(key, Settings.value(config, key), fallback);
        if (value <= 0) {
            throw new IllegalArgumentException(key + " must be a whole number above 0");
        }
        return value;
    }

    long maxBytes() {
        return maxBytes;
    }

    long maxRows() {
        return maxRows;
    }

    long maxExpandedBytes() {
        return maxExpandedBytes;
    }

    int chunkRows() {
        return chunkRows;
    }

    int workers() {
        return workers;
    }

    Duration lease() {
        return lease;
    }

    Duration poll() {
        return poll;
    }
}
