package com.paycore.transaction;

import java.util.List;

/** DESIGN.md section 7's transaction states. */
enum TransactionStatus {
    Approved, Captured, Settled, PartiallyRefunded, Refunded, Reversed, Declined, Error,
    /** The authorization's outcome is not known yet (DESIGN.md section 11): the reconciliation job learns it. */
    Pending;

    /** Open transactions keep their project's only active processor from being deleted (E19's 409). */
    public static final List<TransactionStatus> OPEN = List.of(Approved, Captured, Pending);
}
