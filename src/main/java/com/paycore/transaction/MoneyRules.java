package com.paycore.transaction;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Currency;
import java.util.Locale;
import java.util.regex.Pattern;

import com.paycore.platform.web.AppException;
import com.paycore.platform.web.ErrorCode;

/**
 * Amount and currency rules (DESIGN.md sections 3 and 9): ISO 4217 currencies with minor units (default USD);
 * amounts positive, with at most the currency's minor-unit digits, below one trillion major units. An amount itself
 * is a {@code BigDecimal} beside its currency code, as it is stored.
 */
public final class MoneyRules {

    static final String DEFAULT_CURRENCY = "USD";
    private static final Pattern CODE = Pattern.compile("[A-Z]{3}");
    private static final BigDecimal LIMIT = new BigDecimal("1000000000000");

    private MoneyRules() {
    }

    /** The currency code, upper-cased; default USD. 400 for codes that are not ISO 4217 currencies with minor units. */
    static String currency(String code) {
        if (code == null) {
            return DEFAULT_CURRENCY;
        }
        String upper = code.trim().toUpperCase(Locale.ROOT);
        if (!CODE.matcher(upper).matches()) {
            throw new AppException(ErrorCode.INVALID_CURRENCY, "not an ISO 4217 code (three letters)");
        }
        try {
            if (Currency.getInstance(upper).getDefaultFractionDigits() < 0) {
                throw new AppException(ErrorCode.INVALID_CURRENCY, upper + " is not a currency payments can be made in");
            }
        } catch (IllegalArgumentException e) {
            throw new AppException(ErrorCode.INVALID_CURRENCY, upper + " is not an ISO 4217 currency");
        }
        return upper;
    }

    /** A valid amount in the currency, with its scale set to the currency's minor units; 400 otherwise. */
    static BigDecimal amount(BigDecimal amount, String currency) {
        if (amount == null) {
            throw new AppException(ErrorCode.INVALID_AMOUNT, "must not be null");
        }
        if (amount.signum() <= 0) {
            throw new AppException(ErrorCode.INVALID_AMOUNT, "must be positive");
        }
        int digits = digits(currency);
        BigDecimal stripped = amount.stripTrailingZeros();
        if (stripped.scale() > digits) {
            throw new AppException(ErrorCode.INVALID_AMOUNT,
                    "at most " + digits + " decimal places for " + currency); // the value is not echoed: unbounded
        }
        if (amount.compareTo(LIMIT) >= 0) {
            throw new AppException(ErrorCode.INVALID_AMOUNT, "must be less than " + LIMIT.toPlainString());
        }
        return amount.setScale(digits);
    }

    /** A stored amount in the currency's scale, for answers. */
    public static BigDecimal scaled(BigDecimal amount, String currency) {
        return amount == null ? null : amount.setScale(digits(currency), RoundingMode.UNNECESSARY);
    }

    static int digits(String currency) {
        return Currency.getInstance(currency).getDefaultFractionDigits();
    }
}
