package com.paycore.transaction;

import java.time.OffsetDateTime;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

import com.paycore.event.Events;
import com.paycore.platform.data.Jdbc;

/**
 * Records a move of a transaction in the caller's database transaction: its event row and, when the move is an
 * event of DESIGN.md section 10, the outbox event with the transaction as E16 shows it after the move. An event row is
 * inserted as an authorization inserts its rows ({@link TransactionEventRows#INSERT}, on the transaction's connection);
 * the transaction row itself changes through JPA, under the row lock the caller holds.
 */
@ApplicationScoped
class Moves {

    @PersistenceContext(unitName = "payments")
    EntityManager em;

    @Inject
    Events outbox;

    @Inject
    Jdbc jdbc; // the transaction's connection

    /** The transaction after the move, as E16 shows it. */
    TransactionView record(CardTransaction transaction, TransactionEvent event) {
        insert(event);
        List<TransactionEvent> events = em.createQuery(TransactionEventRows.OF_TRANSACTION, TransactionEvent.class).setParameter("id", transaction.id()).getResultList();
        TransactionView view = TransactionView.of(transaction, events);
        event.topic().ifPresent(topic ->
                outbox.record(topic, transaction.projectId(), transaction.companyId(), event.occurredAt(),
                        transaction.id(), view));
        return view;
    }

    /** A new event row of a transaction whose row the caller holds locked. */
    void insert(TransactionEvent event) {
        jdbc.update(TransactionEventRows.INSERT.sql(), TransactionEventRows.INSERT.values(event));
    }

    /**
     * A Pending move whose outcome became known (DESIGN.md section 11): the event is already stored and changed; its
     * outbox event, with the transaction as it is now, goes out as the move's would have.
     */
    TransactionView resolved(CardTransaction transaction, TransactionEvent event, OffsetDateTime at) {
        List<TransactionEvent> events = em.createQuery(TransactionEventRows.OF_TRANSACTION, TransactionEvent.class).setParameter("id", transaction.id()).getResultList();
        TransactionView view = TransactionView.of(transaction, events);
        event.topic().ifPresent(topic ->
                outbox.record(topic, transaction.projectId(), transaction.companyId(), at, transaction.id(), view));
        return view;
    }
}
