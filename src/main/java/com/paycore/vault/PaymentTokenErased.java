package com.paycore.vault;

import java.util.LinkedHashSet;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * A payment token was deleted (a CDI event, fired in the deleting database transaction): the personal values it held,
 * as they were, so that every feature holding copies of them erases its copies in the same transaction (the
 * transaction's billing copies, the report's facts). Country, city, state and zip are not among them: the reports
 * group by them, and without the name and street they name no one.
 */
public record PaymentTokenErased(UUID projectId, UUID tokenId, String cardholderName, String firstName,
                                 String lastName, String email, String phone, String addressLine1,
                                 String addressLine2) {

    /** The erased values that were set (not blank), in a stable order. */
    public Set<String> values() {
        Set<String> values = new LinkedHashSet<>();
        Stream.of(cardholderName, firstName, lastName, email, phone, addressLine1, addressLine2)
                .filter(v -> v != null && !v.isBlank()).forEach(values::add);
        return values;
    }
}
