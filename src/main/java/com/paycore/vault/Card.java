package com.paycore.vault;

import java.time.YearMonth;
import java.util.regex.Pattern;

import com.paycore.platform.web.AppException;
import com.paycore.platform.web.ErrorCode;

/**
 * A card as received, validated (DESIGN.md section 6): 12 to 19 digits passing the Luhn check, a known brand,
 * month 1-12, not expired, CVV of the brand's length. It lives only for the request: the number is sealed at
 * once and the CVV is checked once, never stored. Messages never carry the number or the CVV.
 */
final class Card {

    private static final Pattern SEPARATORS = Pattern.compile("[ -]");
    private static final Pattern DIGITS_12_TO_19 = Pattern.compile("\\d{12,19}");
    private static final Pattern DIGITS_1_TO_4 = Pattern.compile("\\d{1,4}");

    private final String pan;
    private final CardBrand brand;
    private final int month;
    private final int year;
    private final String cvv;

    private Card(String pan, CardBrand brand, int month, int year, String cvv) {
        this.pan = pan;
        this.brand = brand;
        this.month = month;
        this.year = year;
        this.cvv = cvv;
    }

    static Card validate(String number, String month, String year, String cvv, YearMonth now) {
        Card card = validateWithoutCvv(number, month, year, now);
        if (cvv == null || !cvv.matches("\\d{" + card.brand.cvvLength() + "}")) {
            throw new AppException(ErrorCode.INVALID_CARD, "cvv must be " + card.brand.cvvLength() + " digits for this card");
        }
        return new Card(card.pan, card.brand, card.month, card.year, cvv);
    }

    /** E10's checks but the CVV's: a card from a card file, which never carries one (DESIGN.md section 13). */
    static Card validateWithoutCvv(String number, String month, String year, YearMonth now) {
        String pan = number == null ? "" : SEPARATORS.matcher(number).replaceAll("");
        if (!DIGITS_12_TO_19.matcher(pan).matches() || !luhn(pan)) {
            throw new AppException(ErrorCode.INVALID_CARD, "invalid card number");
        }
        CardBrand brand = CardBrand.of(pan);
        if (brand == null) {
            throw new AppException(ErrorCode.INVALID_CARD, "card brand not accepted");
        }
        int m = wholeNumber(month, "expirationMonth");
        int y = wholeNumber(year, "expirationYear");
        if (y < 100) {
            y += 2000;
        }
        if (m < 1 || m > 12) {
            throw new AppException(ErrorCode.INVALID_CARD, "expirationMonth must be 1 to 12");
        }
        if (y > now.getYear() + 50 || YearMonth.of(y, m).isBefore(now)) {
            throw new AppException(ErrorCode.INVALID_CARD, "the card is expired or its expiry is invalid");
        }
        return new Card(pan, brand, m, y, null);
    }

    static boolean luhn(String digits) {
        int sum = 0;
        boolean twice = false;
        for (int i = digits.length() - 1; i >= 0; i--) {
            int d = digits.charAt(i) - '0';
            if (twice) {
                d *= 2;
                if (d > 9) {
                    d -= 9;
                }
            }
            sum += d;
            twice = !twice;
        }
        return sum % 10 == 0;
    }

    private static int wholeNumber(String value, String field) {
        if (value == null || !DIGITS_1_TO_4.matcher(value.trim()).matches()) {
            throw new AppException(ErrorCode.INVALID_CARD, field + " must be a number");
        }
        return Integer.parseInt(value.trim());
    }

    String pan() {
        return pan;
    }

    CardBrand brand() {
        return brand;
    }

    int month() {
        return month;
    }

    int year() {
        return year;
    }

    String cvv() {
        return cvv;
    }

    String last4() {
        return pan.substring(pan.length() - 4);
    }

    /** All digits but the last four replaced by asterisks. */
    String masked() {
        return "*".repeat(pan.length() - 4) + last4();
    }

    @Override
    public String toString() {
        return "Card[" + brand + " " + masked() + "]";
    }
}
