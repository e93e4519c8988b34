package com.paycore.vault;

import java.time.YearMonth;

import com.paycore.processor.PaymentGateway.AccountUpdate.Kind;
import com.paycore.processor.PaymentGateway.AccountUpdate;

/**
 * What an account-updater answer does to a stored card, decided without touching it. An answer that would change
 * nothing (the expiry or the number the token already has) is no update; an answer that cannot be applied (a
 * CardExpired without a later valid expiry, a CardReplaced whose number fails the Luhn check or has no known brand)
 * is refused with a message that never carries the number.
 */
record CardChange(Action action, Kind kind, String newPan, CardBrand newBrand, YearMonth newExpiry) {

    enum Action { None, Renew, Replace, Disable, RecordOnly }

    static final CardChange NONE = new CardChange(Action.None, Kind.NoChange, null, null, null);

    static CardChange of(AccountUpdate answer, String currentPan, YearMonth currentExpiry) {
        if (answer == null || answer.kind() == null || answer.kind() == Kind.NoChange) {
            return NONE;
        }
        return switch (answer.kind()) {
            case CardExpired -> {
                YearMonth renewed = expiry(answer, null);
                if (renewed.equals(currentExpiry)) {
                    yield NONE;
                }
                if (renewed.isBefore(currentExpiry)) {
                    throw new IllegalArgumentException("CardExpired with an expiry before the stored one");
                }
                yield new CardChange(Action.Renew, Kind.CardExpired, null, null, renewed);
            }
            case CardReplaced -> {
                String pan = answer.newCardNumber() == null ? "" : answer.newCardNumber().replaceAll("[ -]", "");
                if (!pan.matches("\\d{12,19}") || !Card.luhn(pan)) {
                    throw new IllegalArgumentException("CardReplaced without a valid new card number");
                }
                CardBrand brand = CardBrand.of(pan);
                if (brand == null) {
                    throw new IllegalArgumentException("CardReplaced with a card number of no accepted brand");
                }
                YearMonth expiry = expiry(answer, currentExpiry);
                if (pan.equals(currentPan) && expiry.equals(currentExpiry)) {
                    yield NONE;
                }
                yield new CardChange(Action.Replace, Kind.CardReplaced, pan, brand, expiry);
            }
            case AccountClosed -> new CardChange(Action.Disable, Kind.AccountClosed, null, null, null);
            case ContactCardholder -> new CardChange(Action.RecordOnly, Kind.ContactCardholder, null, null, null);
            case NoChange -> NONE;
        };
    }

    /** The answered expiry; when the answer has none, the fallback (none allowed: null). */
    private static YearMonth expiry(AccountUpdate answer, YearMonth fallback) {
        Integer month = answer.newExpirationMonth();
        Integer year = answer.newExpirationYear();
        if (month == null && year == null && fallback != null) {
            return fallback;
        }
        if (month == null || year == null || month < 1 || month > 12 || year < 2000 || year > 9999) {
            throw new IllegalArgumentException(answer.kind() + " without a valid new expiry");
        }
        return YearMonth.of(year, month);
    }

    @Override
    public String toString() {
        return "CardChange[" + action + ", " + kind + "]"; // never the new card number
    }
}
