package com.paycore.transaction;

import java.util.ArrayList;
import java.util.Collections;
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

    static final List<String> COLUMNS = List.of("billing_first_name", "billing_last_name", "billing_email",
            "billing_phone", "billing_address_line1", "billing_address_line2", "email");

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
        for (int column = 0; column < COLUMNS.size(); column++) {
            parameters.addAll(values);
        }
        parameters.add(erased.tokenId());
        em.flush(); // the transaction's JPA changes first, so that the update sees them
        jdbc.update(sql(values.size()), parameters.toArray());
    }

    /**
     * {@code column = CASE WHEN column IN (?, ...) THEN NULL ELSE column END} for each column, each with its own
     * parameters, then {@code payment_token_id = ?}.
     */
    static String sql(int values) {
        StringBuilder sql = new StringBuilder("UPDATE transactions SET ");
        for (int i = 0; i < COLUMNS.size(); i++) {
            String column = COLUMNS.get(i);
            List<String> list = Collections.nCopies(values, "?");
            sql.append(i == 0 ? "" : ", ").append(column).append(" = CASE WHEN ").append(column).append(" IN (")
                    .append(String.join(", ", list)).append(") THEN NULL ELSE ").append(column).append(" END");
        }
        return sql.append(" WHERE payment_token_id = ?").toString();
    }
}
