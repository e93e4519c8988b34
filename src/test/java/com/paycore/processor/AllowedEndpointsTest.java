package com.paycore.processor;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import com.paycore.platform.web.AppException;

/** The operator's acquirer allow-list (DESIGN.md section 12): entries matched as written, the host without case. */
class AllowedEndpointsTest {

    @Test
    void anEmptyListRefusesGatewayTwoNamingTheSetting() {
        for (String unset : new String[] {null, "", " , "}) {
            AppException refused = assertThrows(AppException.class,
                    () -> AllowedEndpoints.parse(unset).require("acquirer.example", 5000));
            assertTrue(refused.getMessage().contains(AllowedEndpoints.SETTING), refused.getMessage());
        }
    }

    @Test
    void entriesMatchAsWrittenWithTheHostComparedWithoutCase() {
        AllowedEndpoints list = AllowedEndpoints.parse("Acquirer.Example:5000, 10.1.2.3:7000,[::1]:5001");
        assertTrue(list.permits("acquirer.example", 5000));
        assertTrue(list.permits("ACQUIRER.EXAMPLE", 5000));
        assertTrue(list.permits("10.1.2.3", 7000));
        assertTrue(list.permits("::1", 5001));
        assertTrue(list.permits("[::1]", 5001));
        assertFalse(list.permits("acquirer.example", 5001), "another port");
        assertFalse(list.permits("sub.acquirer.example", 5000), "no suffix match");
        assertFalse(list.permits("10.1.2.3", 5000));
        AppException refused = assertThrows(AppException.class, () -> list.require("evil.example", 5000));
        assertTrue(refused.getMessage().contains("settings.host") && refused.getMessage().contains(AllowedEndpoints.SETTING));
    }
}
