package com.paycore.console;

import java.math.BigDecimal;
import java.text.DecimalFormat;
import java.text.NumberFormat;
import java.text.ParsePosition;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.util.Currency;
import java.util.Locale;
import java.util.Optional;

/**
 * Numbers and dates in the reader's locale (the browser's Accept-Language): an amount with its currency's digits and
 * grouping, a time in UTC (the server does not know the browser's time zone), and an amount typed in that locale.
 */
final class LocalFormats {

    private final Locale locale;

    LocalFormats(Locale locale) {
        this.locale = locale == null ? Locale.ENGLISH : locale;
    }

    String amount(BigDecimal amount, String currency) {
        NumberFormat format = NumberFormat.getNumberInstance(locale);
        int digits = digits(currency);
        format.setMinimumFractionDigits(digits);
        format.setMaximumFractionDigits(digits);
        return format.format(amount) + " " + currency;
    }

    /** An amount in the locale's notation without its currency, as the reader would type it (1234,50 in German). */
    String plainAmount(BigDecimal amount, String currency) {
        NumberFormat format = NumberFormat.getNumberInstance(locale);
        int digits = digits(currency);
        format.setGroupingUsed(false);
        format.setMinimumFractionDigits(digits);
        format.setMaximumFractionDigits(digits);
        return format.format(amount);
    }

    String dateTime(OffsetDateTime at) {
        return at == null ? "" : DateTimeFormatter.ofLocalizedDateTime(FormatStyle.MEDIUM).withLocale(locale)
                .format(at.atZoneSameInstant(ZoneOffset.UTC).toLocalDateTime()) + " UTC";
    }

    /** The text as an amount: in the locale's notation (1.234,5 in German), else plain (1234.5); empty when neither. */
    Optional<BigDecimal> parseAmount(String text) {
        String typed = text == null ? "" : text.strip();
        if (!typed.matches("[0-9][0-9.,\\s\u00a0\u202f']*")) {
            return Optional.empty();
        }
        NumberFormat format = NumberFormat.getNumberInstance(locale);
        if (format instanceof DecimalFormat decimal) {
            decimal.setParseBigDecimal(true);
        }
        ParsePosition position = new ParsePosition(0);
        Object parsed = format.parse(typed, position);
        if (parsed instanceof BigDecimal local && position.getIndex() == typed.length()) {
            return Optional.of(local);
        }
        try {
            return Optional.of(new BigDecimal(typed));
        } catch (NumberFormatException neither) {
            return Optional.empty();
        }
    }

    private static int digits(String currency) {
        try {
            return Math.max(0, Currency.getInstance(currency).getDefaultFractionDigits());
        } catch (IllegalArgumentException unknown) {
            return 2;
        }
    }
}
