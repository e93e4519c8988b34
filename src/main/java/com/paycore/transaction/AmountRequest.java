package com.paycore.transaction;

import java.math.BigDecimal;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Capture and refund: {"amount": n}, or {} (or no body) for the whole remaining amount. */
public class AmountRequest {

    @Schema(description = "Major units; left out: the whole authorized (capture) or not yet refunded (refund) amount",
            example = "5.00")
    public BigDecimal amount;
}
