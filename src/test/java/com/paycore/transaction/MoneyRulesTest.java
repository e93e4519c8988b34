package com.paycore.transaction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import com.paycore.platform.web.AppException;

class MoneyRulesTest {

    @Test
    void currencyDefaultsToUsdAndIsUpperCased() {
        assertEquals("USD", MoneyRules.currency(null));
        assertEquals("EUR", MoneyRules.currency("eur"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "US", "USDX", "XYZ", "XXX", "12A"})
    void unknownOrUnusableCurrenciesAre400(String code) {
        assertThrows(AppException.class, () -> MoneyRules.currency(code));
    }

    @ParameterizedTest
    @CsvSource({"12.3, USD, 12.30", "12, USD, 12.00", "1500, JPY, 1500", "1500.000, JPY, 1500", "0.001, BHD, 0.001",
            "999999999999.99, USD, 999999999999.99"})
    void validAmountsTakeTheCurrencysScale(String amount, String currency, String expected) {
        BigDecimal valid = MoneyRules.amount(new BigDecimal(amount), currency);
        assertEquals(expected, valid.toPlainString());
    }

    @ParameterizedTest
    @CsvSource({"0, USD", "-0.01, USD", "0.001, USD", "1.5, JPY", "1000000000000, USD"})
    void invalidAmountsAre400(String amount, String currency) {
        assertThrows(AppException.class, () -> MoneyRules.amount(new BigDecimal(amount), currency));
    }

    @Test
    void aMissingAmountIs400() {
        assertThrows(AppException.class, () -> MoneyRules.amount(null, "USD"));
    }

    @Test
    void tagsRoundTripSortedAndAreBounded() {
        String stored = Tags.write(Map.of("z", "1", "a", "2"));
        assertEquals("{\"a\":\"2\",\"z\":\"1\"}", stored);
        assertEquals(Map.of("a", "2", "z", "1"), Tags.read(stored));
        assertEquals(null, Tags.write(Map.of()));
        assertThrows(AppException.class, () -> Tags.write(Map.of(" ", "x")));
        assertThrows(AppException.class, () -> Tags.write(Map.of("a".repeat(51), "x")));
        assertThrows(AppException.class, () -> Tags.write(Map.of("a", "x".repeat(201))));
    }
}
