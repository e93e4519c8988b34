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
        return jdbc.first(CardTransactionRows.BY_ID, row -> found(id, row), id);
    }

    /** The first row holds the transaction; every row one event (none when the left join found none). */
    private static Found found(UUID id, ResultSet row) throws SQLException {
        UUID projectId = Jdbc.uuid(row, 1);
        String currency = row.getString(3);
        TransactionStatus status = TransactionStatus.valueOf(row.getString(4));
        BigDecimal amount = row.getBigDecimal(2);
        String resultCode = row.getString(5);
        String masked = row.getString(6);
        String ccType = row.getString(7);
        BigDecimal captured = row.getBigDecimal(8);
        BigDecimal refunded = row.getBigDecimal(9);
        String orderId = row.getString(10);
        String description = row.getString(11);
        String tags = row.getString(12);
        OffsetDateTime created = Jdbc.utc(row, 13);
        long version = row.getLong(20);
        List<TransactionView.EventView> events = new ArrayList<>();
        do {
            UUID eventId = Jdbc.uuid(row, 14);
            if (eventId != null) {
                events.add(new TransactionView.EventView(eventId, row.getString(15), row.getString(16), row.getString(17),
                        Money.scaled(row.getBigDecimal(18), currency), Jdbc.utc(row, 19)));
            }
        } while (row.next());
        // resultCode: the latest event's (DESIGN.md section 11)
        return new Found(projectId, status, new TransactionView(id, Money.scaled(amount, currency), currency,
                status.name(), events.isEmpty() ? resultCode : events.get(events.size() - 1).resultCode(), masked, ccType, Money.scaled(captured, currency),
                Money.scaled(refunded, currency), orderId, description, Tags.read(tags), created, List.copyOf(events)), version);
    }
}
