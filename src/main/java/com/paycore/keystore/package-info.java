/**
 * Keystores (E18): the data keys card numbers are sealed with, their rotation dates and the startup checks. Owns the
 * keystores table; offers {@link com.paycore.keystore.KeystoreService} and {@link com.paycore.keystore.CardCipher} to
 * the vault, the only feature that sees card numbers.
 */
package com.paycore.keystore;
