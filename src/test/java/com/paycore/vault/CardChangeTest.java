package com.paycore.vault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.YearMonth;

import org.junit.jupiter.api.Test;

import com.paycore.processor.PaymentGateway.AccountUpdate.Kind;
import com.paycore.processor.PaymentGateway.AccountUpdate;

class CardChangeTest {

    private static final String PAN = "4000000000000341";
    private static final YearMonth EXPIRY = YearMonth.of(2031, 12);

    @Test
    void noChangeAndNoAnswerChangeNothing() {
        assertSame(CardChange.NONE, CardChange.of(AccountUpdate.of(Kind.NoChange), PAN, EXPIRY));
        assertSame(CardChange.NONE, CardChange.of(null, PAN, EXPIRY));
    }

    @Test
    void cardExpiredRenewsToTheAnsweredLaterExpiry() {
        CardChange change = CardChange.of(new AccountUpdate(Kind.CardExpired, 12, 2034, null), PAN, EXPIRY);
        assertEquals(CardChange.Action.Renew, change.action());
        assertEquals(Kind.CardExpired, change.kind());
        assertEquals(YearMonth.of(2034, 12), change.newExpiry());
    }

    @Test
    void cardExpiredWithTheStoredExpiryIsNoUpdate() {
        assertSame(CardChange.NONE, CardChange.of(new AccountUpdate(Kind.CardExpired, 12, 2031, null), PAN, EXPIRY));
    }

    @Test
    void cardExpiredWithoutAValidLaterExpiryIsRefused() {
        assertThrows(IllegalArgumentException.class,
                () -> CardChange.of(new AccountUpdate(Kind.CardExpired, null, 2034, null), PAN, EXPIRY));
        assertThrows(IllegalArgumentException.class,
                () -> CardChange.of(new AccountUpdate(Kind.CardExpired, 13, 2034, null), PAN, EXPIRY));
        assertThrows(IllegalArgumentException.class,
                () -> CardChange.of(new AccountUpdate(Kind.CardExpired, 11, 2031, null), PAN, EXPIRY));
    }

    @Test
    void cardReplacedCarriesTheNewNumberBrandAndExpiry() {
        CardChange change = CardChange.of(new AccountUpdate(Kind.CardReplaced, 3, 2033, "5555 5555 5555 4444"), PAN, EXPIRY);
        assertEquals(CardChange.Action.Replace, change.action());
        assertEquals("5555555555554444", change.newPan());
        assertEquals(CardBrand.MASTERCARD, change.newBrand());
        assertEquals(YearMonth.of(2033, 3), change.newExpiry());
        assertFalse(change.toString().contains("5555555555554444"), "the number in a text form");
    }

    @Test
    void cardReplacedWithoutAnExpiryKeepsTheStoredOne() {
        CardChange change = CardChange.of(new AccountUpdate(Kind.CardReplaced, null, null, "4242424242424242"), PAN, EXPIRY);
        assertEquals(EXPIRY, change.newExpiry());
    }

    @Test
    void cardReplacedWithTheSameCardIsNoUpdate() {
        assertSame(CardChange.NONE, CardChange.of(new AccountUpdate(Kind.CardReplaced, 12, 2031, PAN), PAN, EXPIRY));
    }

    @Test
    void cardReplacedWithAnUnusableNumberIsRefusedWithoutTheNumber() {
        IllegalArgumentException luhn = assertThrows(IllegalArgumentException.class,
                () -> CardChange.of(new AccountUpdate(Kind.CardReplaced, 12, 2031, "4242424242424243"), PAN, EXPIRY));
        assertFalse(luhn.getMessage().contains("424242"));
        assertThrows(IllegalArgumentException.class,
                () -> CardChange.of(new AccountUpdate(Kind.CardReplaced, 12, 2031, null), PAN, EXPIRY));
        assertThrows(IllegalArgumentException.class, // Luhn-valid, but no accepted brand
                () -> CardChange.of(new AccountUpdate(Kind.CardReplaced, 12, 2031, "9999999999999995"), PAN, EXPIRY));
    }

    @Test
    void accountClosedDisablesAndContactCardholderOnlyRecords() {
        assertEquals(CardChange.Action.Disable, CardChange.of(AccountUpdate.of(Kind.AccountClosed), PAN, EXPIRY).action());
        CardChange contact = CardChange.of(AccountUpdate.of(Kind.ContactCardholder), PAN, EXPIRY);
        assertEquals(CardChange.Action.RecordOnly, contact.action());
        assertEquals(Kind.ContactCardholder, contact.kind());
    }
}
