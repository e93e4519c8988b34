package com.paycore.cardupdater;

import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * An E14 row: the spec's credit card update record (customerId is the payment token's id, expiration dates are
 * YYYY-MM, updateReason is the update type) plus the token's project.
 */
public record CardUpdateView(UUID customerId, String oldCardLast4, String newCardLast4, String oldExpirationDate,
                             String newExpirationDate, OffsetDateTime updateDate, String updateReason, UUID projectId) {

    static CardUpdateView from(CardUpdate u) {
        return new CardUpdateView(u.paymentTokenId(), u.oldLast4(), u.newLast4(), u.oldExpiration(), u.newExpiration(),
                u.updateDate(), u.updateType(), u.projectId());
    }
}
