package com.paycore.cardfile;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import com.paycore.retention.Retention;

/**
 * The stored parts of card exports that can no longer be downloaded: those of an export past its 24 hours, and those of
 * one that never succeeded (its instance stopped while writing it) once it is {@code payments.retention.card-export-hours}
 * old (default 24, at least 24). A download deletes its parts itself, and so does a failure; this catches the rest. The
 * export rows themselves (no card data: counts, the recipient's fingerprint, times) stay.
 */
@ApplicationScoped
class CardExportRetention {

    static final String SETTING = "payments.retention.card-export-hours";

    void declare(@Observes Retention retention) {
        retention.hours("cardExportParts", SETTING, 24, 24, "card_export_parts",
                "t.export_id IN (SELECT e.id FROM card_exports e WHERE e.expires_at <= :now "
                        + "OR (e.expires_at IS NULL AND e.created_at < :cutoff))");
    }
}
