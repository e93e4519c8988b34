package com.paycore.idempotency;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * A streamed request body ({@link Idempotent#streamed}) read through its idempotency fingerprint: every byte the
 * operation reads goes into the keyed hash and on, none is kept, so memory stays flat whatever the body's size.
 */
final class FingerprintedBody extends FilterInputStream {

    private static final int DRAIN_BUFFER = 64 * 1024;

    private final IdempotencyRules.Fingerprint fingerprint;
    private boolean ended;
    private Runnable onProgress = () -> { };

    FingerprintedBody(InputStream in, IdempotencyRules.Fingerprint fingerprint) {
        super(in == null ? InputStream.nullInputStream() : in);
        this.fingerprint = fingerprint;
    }

    @Override
    public int read() throws IOException {
        int b = super.read();
        if (b < 0) {
            ended = true;
        } else {
            fingerprint.update(new byte[] {(byte) b}, 0, 1);
            onProgress.run();
        }
        return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        int n = super.read(buffer, offset, length);
        if (n < 0) {
            ended = true;
        } else if (n > 0) {
            fingerprint.update(buffer, offset, n);
            onProgress.run();
        }
        return n;
    }

    /** A skip is a read here: skipped bytes count in the fingerprint like the others. */
    @Override
    public long skip(long n) throws IOException {
        byte[] buffer = new byte[(int) Math.max(0, Math.min(n, DRAIN_BUFFER))];
        int read = read(buffer, 0, buffer.length);
        return Math.max(read, 0);
    }

    @Override
    public boolean markSupported() {
        return false;
    }

    @Override
    public synchronized void mark(int limit) {
        // not supported: a byte read twice would count twice
    }

    @Override
    public synchronized void reset() throws IOException {
        throw new IOException("mark/reset not supported");
    }

    /** Runs {@code work} after each read that brought bytes (the claim's lease kept while the body streams). */
    void onProgress(Runnable work) {
        this.onProgress = work;
    }

    /** Whether the body has been read to its end. */
    boolean ended() {
        return ended;
    }

    /** Reads what is left of the body, dropping the bytes, and answers the fingerprint of the whole request. */
    String readToEndAndFinish() throws IOException {
        byte[] buffer = new byte[DRAIN_BUFFER];
        while (!ended) {
            read(buffer, 0, buffer.length);
        }
        return fingerprint.finish();
    }
}
