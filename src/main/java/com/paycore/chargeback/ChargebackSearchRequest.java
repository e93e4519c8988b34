package com.paycore.chargeback;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** E2's body. */
public class ChargebackSearchRequest {

    @Schema(required = true, description = "Chargebacks dated at or after it (ISO 8601; without an offset read as UTC)")
    public String startDate;
    @Schema(required = true, description = "Chargebacks to skip, 0 or more")
    public Integer offset;
    @Schema(required = true, description = "1 to 10000")
    public Integer limit;
    @Schema(description = "true: every project of the company, not only the key's")
    public Boolean isForAllProjectsInCompany;
    @Schema(description = "Only this chargeback")
    public String chargebackId;
    @Schema(description = "Only this transaction's chargebacks")
    public String transactionId;
}
