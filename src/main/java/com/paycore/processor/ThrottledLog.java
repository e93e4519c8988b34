package com.paycore.processor;

import java.time.Duration;
import java.util.function.LongFunction;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * A log line that can come in floods (a host sending answers nobody asked for, or bytes nobody can read): the first
 * is written at once, then at most one per period. The lines held back in between are counted; the next line
 * written says how many, and {@link #flush} says how many were held back since, when their source goes away.
 */
final class ThrottledLog {

    private final Logger log;
    private final Level level;
    private final long periodNanos;
    private final LongSupplier clock;
    private boolean written;
    private long lastWritten;
    private long held;

    /** {@code clock}: nanoseconds, as {@link System#nanoTime} counts them. */
    ThrottledLog(Logger log, Level level, Duration period, LongSupplier clock) {
        this.log = log;
        this.level = level;
        this.periodNanos = period.toNanos();
        this.clock = clock;
    }

    /** Writes the line, unless one was written within the period; {@code line} is built only when written. */
    synchronized void log(Supplier<String> line) {
        if (!log.isLoggable(level)) {
            return;
        }
        long now = clock.getAsLong();
        if (written && now - lastWritten < periodNanos) {
            held++;
            return;
        }
        String text = line.get();
        if (held > 0) {
            text += " (" + held + " more held back since the last such line)";
        }
        log.logp(level, log.getName(), null, text); // the source is the logger's owner, not this class
        written = true;
        lastWritten = now;
        held = 0;
    }

    /** Writes {@code line} of the number of lines held back since the last one written, if any were. */
    synchronized void flush(LongFunction<String> line) {
        if (held > 0) {
            log.logp(level, log.getName(), null, line.apply(held));
            held = 0;
        }
    }
}
