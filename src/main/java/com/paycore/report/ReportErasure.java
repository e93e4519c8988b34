package com.paycore.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

import com.paycore.platform.data.Jdbc;
import com.paycore.vault.PaymentTokenErased;

/**
 * Erasure of a deleted payment token's copies in the fact table, in the deleting database transaction: on the facts of
 * the token's transactions, each billing name and street line and the e-mail holding one of the token's erased values
 * becomes null. Every other dimension (billing country, city, state, zip, card brand, amounts, times) stays, so the
 * reports' counts and sums do not move. The sync's row lock is taken first: a sync running at that moment ends
 * before (its facts are then erased here), and one starting after copies from the transactions already erased.
 */
@ApplicationScoped
class ReportErasure {

    @PersistenceContext(unitName = "payments")
    EntityManager em;

    @Inject
    Jdbc jdbc; // the transaction's connection

    void erase(@Observes PaymentTokenErased erased) {
        Set<String> values = erased.values();
        if (values.isEmpty()) {
            return;
        }
        List<Object> parameters = new ArrayList<>();
        for (int i = 0; i < ReportFactRows.ERASABLE.size(); i++) {
            parameters.addAll(values);
        }
        parameters.add(erased.tokenId());
        String sql = ReportFactRows.erasure(values.size());
        em.flush(); // the transaction's JPA changes first, so that the update sees them
        jdbc.session(session -> {
            session.first(ReportFactRows.LOCK_STATE, row -> true, ReportSync.STATE);
            return session.update(sql, parameters.toArray());
        });
    }
}
