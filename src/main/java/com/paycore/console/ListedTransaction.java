package com.paycore.console;

import java.io.Serializable;
import java.util.UUID;

/** A row of the transactions page, formatted for its reader: masked card data only. */
public record ListedTransaction(UUID id, String date, String project, String amount, String status, String card)
        implements Serializable {
}
