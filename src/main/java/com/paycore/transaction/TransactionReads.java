package com.paycore.transaction;

import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import com.paycore.access.ProjectCaller;
import com.paycore.platform.data.Jdbc;

/**
 * E16 by id, the most frequent read: the transaction and its events in one statement (a join ordered by the events'
 * positions), straight into the view. Building the two entities and their unit of work cost more than the read.
 */
@ApplicationScoped
class TransactionReads {

    /** A transaction's view with what E16's filters look at, and its row's version (what the console saw). */
    record Found(UUID projectId, TransactionStatus status, TransactionView view, long version) {
    }

    @Inject
    Jdbc jdbc;

    Optional<Found> byId(UUID id) {
        return jdbc.first(CardTransactionRows.BY_ID, row -> found(row, 0), id);
    }

    /**
     * E16 by id for an API key's caller on a {@link com.paycore.access.KeyCheckedByRead} route: the key's check and
     * the read in one statement; empty when the key's project has no such transaction, 401 when the key does not pass.
     */
    Optional<Found> byId(ProjectCaller caller, UUID id) {
        return caller.readWithKey(BY_ID_WITH_KEY, id);
    }

    private static final ProjectCaller.KeyedRead<Found> BY_ID_WITH_KEY = new ProjectCaller.KeyedRead<>(
            CardTransactionRows.VIEWED, CardTransactionRows.OF_KEYS_PROJECT, CardTransactionRows.IN_ORDER,
            row -> row.getObject(ProjectCaller.KEY_COLUMNS + 1) == null ? null : found(row, ProjectCaller.KEY_COLUMNS));

    /**
     * The first row holds the transaction (its columns from {@code base + 1}, CardTransactionRows.VIEWED); every row
     * one event (none when the left join found none).
     */
    private static Found found(ResultSet row, int base) throws SQLException {
        UUID id = Jdbc.uuid(row, base + 21);
        UUID projectId = Jdbc.uuid(row, base + 1);
        String currency = row.getString(base + 3);
        TransactionStatus status = TransactionStatus.valueOf(row.getString(base + 4));
        BigDecimal amount = row.getBigDecimal(base + 2);
        String resultCode = row.getString(base + 5);
        String masked = row.getString(base + 6);
        String ccType = row.getString(base + 7);
        BigDecimal captured = row.getBigDecimal(base + 8);
        BigDecimal refunded = row.getBigDecimal(base + 9);
        String orderId = row.getString(base + 10);
        String description = row.getString(base + 11);
        String tags = row.getString(base + 12);
        OffsetDateTime created = Jdbc.utc(row, base + 13);
        long version = row.getLong(base + 20);
        List<TransactionView.EventView> events = new ArrayList<>();
        do {
            UUID eventId = Jdbc.uuid(row, base + 14);
            if (eventId != null) {
                events.add(new TransactionView.EventView(eventId, row.getString(base + 15), row.getString(base + 16),
                        row.getString(base + 17), MoneyRules.scaled(row.getBigDecimal(base + 18), currency), Jdbc.utc(row, base + 19)));
            }
        } while (row.next());
        // resultCode: the latest event's (DESIGN.md section 11)
        return new Found(projectId, status, new TransactionView(id, MoneyRules.scaled(amount, currency), currency,
                status.name(), events.isEmpty() ? resultCode : events.get(events.size() - 1).resultCode(), masked, ccType, MoneyRules.scaled(captured, currency),
                MoneyRules.scaled(refunded, currency), orderId, description, Tags.read(tags), created, List.copyOf(events)), version);
    }
}
