/**
 * The card vault: payment tokens (E10 tokenization, reads, crypto-erase), card numbers sealed under the current
 * keystore, token rotation and account updates. Owns the payment_tokens table; offers
 * {@link com.paycore.vault.PaymentTokenService} (a token opened for a payment, as a {@link com.paycore.vault.StoredCard})
 * and {@link com.paycore.vault.AccountUpdates} to the card updater.
 */
package com.paycore.vault;
