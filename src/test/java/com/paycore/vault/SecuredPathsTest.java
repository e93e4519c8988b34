package com.paycore.vault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import com.paycore.platform.web.AppException;

/** Which securedProperties a tokenization takes: known paths, and at most five of them (at most 25 decryptions). */
class SecuredPathsTest {

    static final List<String> FIVE = List.of("creditCard.cardNumber", "creditCard.cvv", "creditCard.cardholderName",
            "personAddress.firstName", "personAddress.lastName");

    @Test
    void fiveKnownPathsAreTaken() {
        assertEquals(Set.copyOf(FIVE), PaymentTokenService.securedPaths(FIVE));
        assertEquals(Set.of(), PaymentTokenService.securedPaths(null));
    }

    @Test
    void aSixthEntryIsRefusedNamingTheBoundEvenWhenItRepeatsAPath() {
        for (String sixth : List.of("personAddress.city", "creditCard.cardNumber")) {
            List<String> six = new ArrayList<>(FIVE);
            six.add(sixth);
            AppException refused = assertThrows(AppException.class, () -> PaymentTokenService.securedPaths(six));
            assertTrue(refused.getMessage().contains("at most 5"), refused.getMessage());
        }
    }

    @Test
    void anUnknownPathIsRefused() {
        assertThrows(AppException.class, () -> PaymentTokenService.securedPaths(List.of("creditCard.pin")));
    }
}
