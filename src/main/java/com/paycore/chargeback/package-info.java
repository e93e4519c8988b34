/**
 * Chargebacks: recorded by processors or opened by settlement, disputed and resolved, the response deadline job, E2 and
 * E13's report. Owns the chargebacks table; records on transactions through
 * {@link com.paycore.transaction.TransactionService}. Offers nothing to other features.
 */
package com.paycore.chargeback;
