/**
 * Card transactions and their events: authorize or sale, capture, refund, reverse, settlement, E16 and E17. Owns the
 * transactions and transaction_events tables; offers {@link com.paycore.transaction.TransactionService} to
 * chargebacks, event type and result values to the report, and the {@link com.paycore.transaction.DisputeOpened} event.
 */
package com.paycore.transaction;
