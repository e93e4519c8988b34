package com.paycore.cardfile;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import com.paycore.retention.Retention;

/**
 * Ended card files, with their rows' results, are kept {@code payments.retention.card-files-days} (default 30) after
 * their end; their ciphertext went when they ended. The tokens they made stay.
 */
@ApplicationScoped
class CardFileRetention {

    void declare(@Observes Retention retention) {
        retention.days("cardFiles", "payments.retention.card-files-days", 30, 1, "card_files",
                "t.state IN ('Succeeded', 'Failed') AND t.finished_at < :cutoff");
    }
}
