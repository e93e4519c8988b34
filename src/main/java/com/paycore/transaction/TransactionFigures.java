package com.paycore.transaction;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import com.paycore.platform.data.Jdbc;

/**
 * Platform-wide counts of transactions and their events, for the business figures ({@code metrics}): read-only
 * aggregates over every project, no caller's rights involved (the figures' endpoint has its own credential).
 */
@ApplicationScoped
@Transactional(Transactional.TxType.SUPPORTS)
public class TransactionFigures {

    /** How many events of a type ended with a result. */
    public record EventCount(String type, String result, long count) {
    }

    @Inject
    Jdbc jdbc;

    /** Transactions by status. */
    public Map<String, Long> byStatus() {
        Map<String, Long> counts = new LinkedHashMap<>();
        jdbc.list(CardTransactionRows.STATUS_COUNTS, row -> Map.entry(row.getString(1), row.getLong(2)))
                .forEach(count -> counts.put(count.getKey(), count.getValue()));
        return counts;
    }

    /** Events recorded, by type and result (only grows: events are never deleted while their transaction lives). */
    public List<EventCount> eventsByTypeAndResult() {
        return jdbc.list(TransactionEventRows.TYPE_AND_RESULT_COUNTS,
                row -> new EventCount(row.getString(1), row.getString(2), row.getLong(3)));
    }

    /** When the oldest capture still awaiting settlement was made; empty when none awaits. */
    public Optional<Instant> oldestUnsettledCapture() {
        return jdbc.first(CardTransactionRows.OLDEST_UNSETTLED_CAPTURE, row -> Optional.ofNullable(row.getTimestamp(1)))
                .flatMap(oldest -> oldest).map(Timestamp::toInstant); // MIN of no rows: null
    }
}
