package com.paycore.transaction;

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
 * Erasure of a deleted payment token's copies on its transactions, in the deleting database transaction: each billing
 * name, e-mail, phone and street line (and the transaction's own e-mail) that holds one of the token's erased values
 * becomes null. A value the merchant gave that is not the token's stays; the billing city, state, zip and country,
 * amounts, card brand and last four digits stay (the reports group by them). Transaction events hold none of these.
 */
@ApplicationScoped
class TokenErasure {

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
        for (int column = 0; column < CardTransactionRows.ERASABLE.size(); column++) {
            parameters.addAll(values);
        }
        parameters.add(erased.tokenId());
        em.flush(); // the transaction's JPA changes first, so that the update sees them
        jdbc.update(CardTransactionRows.erasure(values.size()), parameters.toArray());
    }
}
