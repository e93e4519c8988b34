package com.paycore.run;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import com.paycore.retention.Retention;

/** Finished runs (Succeeded or Failed) are kept {@code payments.retention.runs-days} (default 90) after their end. */
@ApplicationScoped
class RunRetention {

    void declare(@Observes Retention retention) {
        retention.days("runs", "payments.retention.runs-days", 90, 1, "runs",
                "t.state <> '" + Run.State.Running.name() + "' AND t.finished_at < :cutoff");
    }
}
