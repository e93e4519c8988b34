package com.paycore.vault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.YearMonth;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import com.paycore.platform.web.AppException;

class CardTest {

    private static final YearMonth NOW = YearMonth.of(2026, 11);

    @ParameterizedTest
    @CsvSource({
            "4111111111111111, VISA, 123", "4242424242424242, VISA, 123", "5555555555554444, MASTERCARD, 123",
            "2223003122003222, MASTERCARD, 123", "378282246310005, AMEX, 1234", "6011111111111117, DISCOVER, 123",
            "3566002020360505, JCB, 123", "36227206271667, DINERS, 123", "6200000000000005, UNIONPAY, 123"})
    void acceptsEachBrand(String pan, CardBrand brand, String cvv) {
        Card card = Card.validate(pan, "12", "2030", cvv, NOW);
        assertEquals(brand, card.brand());
        assertEquals(pan.substring(pan.length() - 4), card.last4());
        assertEquals("*".repeat(pan.length() - 4) + card.last4(), card.masked());
    }

    @Test
    void refusesLuhnFailuresLengthsAndUnknownBrands() {
        assertInvalid("4111111111111112", "12", "2030", "123");
        assertInvalid("41111111111", "12", "2030", "123");
        assertInvalid("41111111111111111111", "12", "2030", "123");
        assertInvalid("9111111111111115", "12", "2030", "123");
        assertInvalid("4111-1111-1111-111x", "12", "2030", "123");
        assertInvalid(null, "12", "2030", "123");
    }

    @Test
    void takesSpacesAndHyphensBetweenGroupsButOnlyAsciiDigits() {
        assertEquals("4111111111111111", Card.validate("4111 1111-1111 1111", " 12 ", "2030", "123", NOW).pan());
        assertInvalid("\uFF14111111111111111", "12", "2030", "123"); // a full-width digit
        assertInvalid("4111111111111111", "12", "2030", "12\u0663"); // an Arabic-Indic digit
        assertInvalid("4111111111111111", "\u0661\u0662", "2030", "123");
        assertInvalid("4111111111111111", "12", "20300", "123");
        assertInvalid("4111111111111111", "12", "", "123");
        assertInvalid("4111_1111_1111_1111", "12", "2030", "123");
    }

    @Test
    void refusesBadOrPastExpiry() {
        assertInvalid("4111111111111111", "13", "2030", "123");
        assertInvalid("4111111111111111", "0", "2030", "123");
        assertInvalid("4111111111111111", "10", "2026", "123");
        assertInvalid("4111111111111111", "ab", "2030", "123");
        assertEquals(2026, Card.validate("4111111111111111", "11", "2026", "123", NOW).year(), "this month is still valid");
        assertEquals(2031, Card.validate("4111111111111111", "1", "31", "123", NOW).year(), "two-digit years");
    }

    @Test
    void cvvLengthFollowsTheBrand() {
        assertInvalid("4111111111111111", "12", "2030", "1234");
        assertInvalid("378282246310005", "12", "2030", "123");
        assertInvalid("4111111111111111", "12", "2030", "12a");
        assertInvalid("4111111111111111", "12", "2030", null);
    }

    @Test
    void luhn() {
        assertTrue(Card.luhn("79927398713"));
        assertFalse(Card.luhn("79927398710"));
    }

    @Test
    void messagesAndToStringNeverCarryTheNumberOrCvv() {
        AppException e = assertThrows(AppException.class, () -> Card.validate("4111111111111112", "12", "2030", "987", NOW));
        assertFalse(e.getMessage().contains("4111111111111112"));
        Card card = Card.validate("4111111111111111", "12", "2030", "987", NOW);
        assertFalse(card.toString().contains("4111111111111111") || card.toString().contains("987"));
    }

    private static void assertInvalid(String pan, String month, String year, String cvv) {
        AppException e = assertThrows(AppException.class, () -> Card.validate(pan, month, year, cvv, NOW));
        assertEquals(400, e.code().status());
    }
}
