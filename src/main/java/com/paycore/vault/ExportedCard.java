package com.paycore.vault;

import java.util.UUID;

/**
 * An active token with its card number opened, as a card export writes it (DESIGN.md section 13). Held only while one
 * page of an export is written; never logged, never answered.
 */
public record ExportedCard(UUID tokenId, String paymentToken, String reference, String cardNumber, int expirationMonth,
                           int expirationYear, String cardholderName, Address address) {

    @Override
    public String toString() {
        return "ExportedCard[tokenId=" + tokenId + "]"; // never the card number
    }
}
