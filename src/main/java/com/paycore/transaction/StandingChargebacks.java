package com.paycore.transaction;

import java.math.BigDecimal;
import java.util.UUID;

/**
 * Answered by the chargebacks feature: how much of a transaction's captured amount its chargebacks hold, so a refund
 * cannot give the cardholder back money a chargeback already took (or may still take). Read under the transaction's
 * row lock, which recording a chargeback takes too, so a refund and a chargeback never both count the same money.
 */
public interface StandingChargebacks {

    /** The sum of the transaction's chargebacks that are Pending, Disputed, Accepted or Lost (Won ones are not). */
    BigDecimal against(UUID transactionId);
}
