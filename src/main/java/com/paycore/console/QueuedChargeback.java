package com.paycore.console;

import java.io.Serializable;
import java.util.UUID;

/**
 * A row of the chargeback queue, formatted for its reader: what the chargeback is, how long is left to answer it
 * (in words), and which answers the reader may give now.
 */
public record QueuedChargeback(UUID id, UUID transactionId, String project, String amount, String reason, String status,
                               String chargebackDate, String respondBy, String countdown, boolean overdue,
                               boolean mayAccept, boolean mayDispute, boolean mayResolve) implements Serializable {

    /** Any button for this reader on this row. */
    public boolean actionable() {
        return mayAccept || mayDispute || mayResolve;
    }
}
