package com.paycore.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import org.junit.jupiter.api.Test;

/** A flood-prone log line on a clock this test moves. */
class ThrottledLogTest {

    private final AtomicLong now = new AtomicLong(-5); // nanoTime may be negative
    private final List<String> lines = new CopyOnWriteArrayList<>();
    private final Logger logger = logger();
    private final ThrottledLog log = new ThrottledLog(logger, Level.INFO, Duration.ofSeconds(60), now::get);

    private Logger logger() {
        Logger made = Logger.getAnonymousLogger();
        made.setUseParentHandlers(false);
        made.setLevel(Level.INFO);
        made.addHandler(new Handler() {
            @Override
            public void publish(LogRecord record) {
                lines.add(record.getMessage());
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        });
        return made;
    }

    private void advance(Duration by) {
        now.addAndGet(by.toNanos());
    }

    @Test
    void theFirstLineIsWrittenAtOnceThenOneAPeriodSayingHowManyWereHeldBack() {
        log.log(() -> "first");
        for (int i = 0; i < 500; i++) {
            log.log(() -> "held");
            advance(Duration.ofMillis(100));
        }
        assertEquals(List.of("first"), lines);
        advance(Duration.ofSeconds(10)); // 60 s after the first line
        log.log(() -> "second");
        log.log(() -> "held");
        assertEquals(List.of("first", "second (500 more held back since the last such line)"), lines);
        log.flush(held -> held + " more");
        assertEquals(List.of("first", "second (500 more held back since the last such line)", "1 more"), lines);
    }

    @Test
    void aQuietSourceIsWrittenEveryTimeAndFlushesNothing() {
        for (int i = 0; i < 3; i++) {
            log.log(() -> "line");
            advance(Duration.ofSeconds(60));
        }
        log.flush(held -> held + " more");
        assertEquals(List.of("line", "line", "line"), lines);
    }

    @Test
    void aLevelNotLoggedBuildsNoLine() {
        logger.setLevel(Level.WARNING);
        AtomicInteger built = new AtomicInteger();
        log.log(() -> "line " + built.incrementAndGet());
        log.flush(held -> "held " + held);
        assertEquals(0, built.get());
        assertEquals(List.of(), lines);
    }
}
