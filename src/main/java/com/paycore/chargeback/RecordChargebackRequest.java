package com.paycore.chargeback;

import java.math.BigDecimal;
import java.util.UUID;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A chargeback a processor reported (DESIGN.md section 9). */
public class RecordChargebackRequest {

    @Schema(required = true)
    public UUID transactionId;
    @NotNull
    @Schema(required = true, description = "Major units, positive, at most the captured amount")
    public BigDecimal amount;
    @Size(max = 250)
    public String reason;
    @Size(max = 10)
    @Schema(description = "The card network's reason code, e.g. 10.4")
    public String reasonCode;
    @Schema(description = "ISO 8601; default now; without an offset read as UTC")
    public String chargebackDate;
    @Schema(description = "ISO 8601; default chargebackDate + 10 days; a Pending chargeback is accepted automatically once it passes")
    public String respondByDate;
}
