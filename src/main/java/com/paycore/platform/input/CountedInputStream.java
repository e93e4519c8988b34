package com.paycore.platform.input;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * A stream that counts the bytes read through it, skipped ones included (a skip is a read here, so nothing passes
 * uncounted); {@link #counted} is where a subclass checks a limit.
 */
public class CountedInputStream extends FilterInputStream {

    private long count;

    public CountedInputStream(InputStream in) {
        super(in);
    }

    /** The bytes read so far. */
    public long count() {
        return count;
    }

    @Override
    public int read() throws IOException {
        int b = super.read();
        if (b >= 0) {
            counted(1);
        }
        return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        int n = super.read(buffer, offset, length);
        if (n > 0) {
            counted(n);
        }
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        byte[] buffer = new byte[(int) Math.max(0, Math.min(n, 8192))];
        int read = read(buffer, 0, buffer.length);
        return Math.max(read, 0);
    }

    /** Called with each read's byte count; a subclass that overrides it calls this first. */
    protected void counted(int n) {
        count += n;
    }
}
