package com.paycore.vault;

import java.util.UUID;

import com.paycore.processor.CardData;

/**
 * A token opened for a payment: what the transaction records in clear (brand, masked number, expiry, the CVV
 * check's result, the cardholder's address) and the card itself for the processor call, which must not outlive it.
 */
public record StoredCard(UUID tokenId, String ccType, String maskedCardNumber, String last4, int expirationMonth,
                         int expirationYear, Boolean validCvv, Address address, CardData card) {

    /** The same token with its card opened for the processor call. */
    StoredCard opened(CardData card) {
        return new StoredCard(tokenId, ccType, maskedCardNumber, last4, expirationMonth, expirationYear, validCvv, address,
                card);
    }

    @Override
    public String toString() {
        return "StoredCard[" + tokenId + ", " + maskedCardNumber + "]";
    }
}
