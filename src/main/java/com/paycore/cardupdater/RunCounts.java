package com.paycore.cardupdater;

import java.util.LinkedHashMap;
import java.util.Map;

import com.paycore.vault.AccountUpdates;

/**
 * What a run (or one batch of it) did: tokens asked, updates per type, answers that changed nothing, and tokens
 * whose issuer call or answer failed (left unchanged and asked again by the next run).
 */
public record RunCounts(int checked, int cardExpired, int cardReplaced, int accountClosed, int contactCardholder,
                 int noChange, int failed) {

    static final RunCounts ZERO = new RunCounts(0, 0, 0, 0, 0, 0, 0);

    RunCounts plus(RunCounts o) {
        return new RunCounts(checked + o.checked, cardExpired + o.cardExpired, cardReplaced + o.cardReplaced,
                accountClosed + o.accountClosed, contactCardholder + o.contactCardholder, noChange + o.noChange,
                failed + o.failed);
    }

    /** Counts one token's result; a skipped token (another run had it) counts nowhere. */
    RunCounts plus(AccountUpdates.Result result) {
        return switch (result.outcome()) {
            case Skipped -> this;
            case Failed -> plus(new RunCounts(0, 0, 0, 0, 0, 0, 1));
            case NoChange -> plus(new RunCounts(1, 0, 0, 0, 0, 1, 0));
            case Updated -> switch (UpdateType.valueOf(result.kind().name())) {
                case CardExpired -> plus(new RunCounts(1, 1, 0, 0, 0, 0, 0));
                case CardReplaced -> plus(new RunCounts(1, 0, 1, 0, 0, 0, 0));
                case AccountClosed -> plus(new RunCounts(1, 0, 0, 1, 0, 0, 0));
                case ContactCardholder -> plus(new RunCounts(1, 0, 0, 0, 1, 0, 0));
            };
        };
    }

    /** Counts by the updater's answer names, in the spec's order, then NoChange. */
    Map<String, Integer> byType() {
        Map<String, Integer> counts = new LinkedHashMap<>();
        counts.put(UpdateType.CardExpired.name(), cardExpired);
        counts.put(UpdateType.CardReplaced.name(), cardReplaced);
        counts.put(UpdateType.AccountClosed.name(), accountClosed);
        counts.put(UpdateType.ContactCardholder.name(), contactCardholder);
        counts.put("NoChange", noChange);
        return counts;
    }

    @Override
    public String toString() {
        return "checked=" + checked + ", " + byType().toString().replaceAll("[{}]", "") + ", failed=" + failed;
    }
}
