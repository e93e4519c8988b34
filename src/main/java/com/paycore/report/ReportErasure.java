package com.paycore.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.Query;

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

    static final List<String> COLUMNS = List.of("billing_first_name", "billing_last_name", "billing_address_line1",
            "billing_address_line2", "email");

    @PersistenceContext(unitName = "payments")
    EntityManager em;

    void erase(@Observes PaymentTokenErased erased) {
        Set<String> values = erased.values();
        if (values.isEmpty()) {
            return;
        }
        em.createNativeQuery("SELECT name FROM report_sync_state WHERE name = ?1 FOR UPDATE")
                .setParameter(1, ReportSync.STATE).getResultList();
        StringBuilder sql = new StringBuilder("UPDATE report_transaction_events SET ");
        int position = 1;
        for (int i = 0; i < COLUMNS.size(); i++) {
            String column = COLUMNS.get(i);
            List<String> list = new ArrayList<>();
            for (int v = 0; v < values.size(); v++) {
                list.add("?" + position++);
            }
            sql.append(i == 0 ? "" : ", ").append(column).append(" = CASE WHEN ").append(column).append(" IN (")
                    .append(String.join(", ", list)).append(") THEN NULL ELSE ").append(column).append(" END");
        }
        sql.append(" WHERE transaction_id IN (SELECT t.id FROM transactions t WHERE t.payment_token_id = ?")
                .append(position).append(')');
        Query update = em.createNativeQuery(sql.toString());
        int parameter = 1;
        for (int column = 0; column < COLUMNS.size(); column++) {
            for (String value : values) {
                update.setParameter(parameter++, value);
            }
        }
        update.setParameter(parameter, erased.tokenId());
        update.executeUpdate();
    }
}
