package com.paycore.report;

import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

import com.paycore.platform.web.AppException;
import com.paycore.platform.web.ErrorCode;

/**
 * How many reports of each company run at once on this instance: at most {@code limit}; one more is refused at once
 * with 429 (a report that waited would hold an HTTP worker as long as the ones it waits for). Per instance, not across
 * instances: it protects the instance's workers and database connections, and a caller spread over n instances gets at
 * most n times the limit (docs/DECISIONS.md). A company with nothing running has no entry.
 */
final class ReportSlots {

    /** A taken slot; closing it frees it (once). */
    interface Slot extends AutoCloseable {
        @Override
        void close();
    }

    private final int limit;
    private final Map<UUID, Integer> running = new ConcurrentHashMap<>();

    ReportSlots(int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("payments.reports.max-concurrent-per-company must be 1 or more, got " + limit);
        }
        this.limit = limit;
    }

    /** A slot of the company's, or 429 when all of them are taken. */
    Slot take(UUID company) {
        boolean[] taken = {false};
        running.compute(company, (id, count) -> {
            int now = count == null ? 0 : count;
            if (now >= limit) {
                return count;
            }
            taken[0] = true;
            return now + 1;
        });
        if (!taken[0]) {
            throw new AppException(ErrorCode.REPORTS_BUSY, limit);
        }
        AtomicBoolean closed = new AtomicBoolean();
        return () -> {
            if (closed.compareAndSet(false, true)) {
                running.computeIfPresent(company, (id, count) -> count <= 1 ? null : count - 1);
            }
        };
    }

    /** Reports of the company running now (for tests). */
    int running(UUID company) {
        return running.getOrDefault(company, 0);
    }

    int limit() {
        return limit;
    }
}
