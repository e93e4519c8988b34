package com.paycore.transaction;

import java.math.BigDecimal;
import java.time.OffsetDateTime;

/**
 * The authorizations of one hour (UTC) in one currency, for the console's overview: how many were approved, not
 * approved (declined or failed), and not known yet (pending), and the approved amount in the currency's minor units.
 */
public record AuthorizationHour(OffsetDateTime hour, String currency, long approved, long notApproved, long pending,
                                BigDecimal approvedAmount) {

    public long count() {
        return approved + notApproved + pending;
    }
}
