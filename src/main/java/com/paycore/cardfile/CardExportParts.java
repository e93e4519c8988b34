package com.paycore.cardfile;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;

/**
 * The bytes of an export's message, cut into parts of {@link #PART_BYTES} as they are written: each full part goes to
 * the sink at once, so memory holds one part whatever the message's size. {@link #close} hands over the last one.
 */
final class CardExportParts extends OutputStream {

    /** The size of a stored part, as a card file's ({@link CardFileSettings#PART_BYTES}): no humongous object. */
    static final int PART_BYTES = CardFileSettings.PART_BYTES;

    /** Where parts go, numbered from 0. */
    @FunctionalInterface
    interface Sink {
        void part(int seq, byte[] bytes) throws IOException;
    }

    private final Sink sink;
    private final int partBytes;
    private byte[] buffer;
    private int filled;
    private int parts;
    private long total;
    private boolean closed;

    CardExportParts(Sink sink) {
        this(sink, PART_BYTES);
    }

    CardExportParts(Sink sink, int partBytes) {
        this.sink = sink;
        this.partBytes = partBytes;
        this.buffer = new byte[partBytes];
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        if (closed) {
            throw new IOException("closed");
        }
        while (len > 0) {
            int n = Math.min(len, partBytes - filled);
            System.arraycopy(b, off, buffer, filled, n);
            filled += n;
            off += n;
            len -= n;
            total += n;
            if (filled == partBytes) {
                emit();
            }
        }
    }

    private void emit() throws IOException {
        byte[] part = filled == buffer.length ? buffer : Arrays.copyOf(buffer, filled);
        sink.part(parts++, part);
        buffer = new byte[partBytes];
        filled = 0;
    }

    /** Hands over the last part (unless the message ended exactly at a part's end). */
    @Override
    public void close() throws IOException {
        if (!closed) {
            closed = true;
            if (filled > 0) {
                emit();
            }
            buffer = null;
        }
    }

    int parts() {
        return parts;
    }

    long bytes() {
        return total;
    }
}
