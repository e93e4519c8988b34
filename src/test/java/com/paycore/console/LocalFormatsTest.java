package com.paycore.console;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Locale;
import java.util.Optional;

import org.junit.jupiter.api.Test;

/** Amounts and dates as the reader's browser language writes them, and amounts typed that way. */
class LocalFormatsTest {

    @Test
    void amountsHaveTheirCurrencysDigitsInTheReadersNotation() {
        assertEquals("1,234.50 USD", new LocalFormats(Locale.US).amount(new BigDecimal("1234.5"), "USD"));
        assertEquals("1.234,50 USD", new LocalFormats(Locale.GERMANY).amount(new BigDecimal("1234.5"), "USD"));
        assertEquals("1,235 JPY", new LocalFormats(Locale.US).amount(new BigDecimal("1235"), "JPY"));
    }

    @Test
    void amountsToTypeAreInTheReadersNotationWithoutGroupingOrCurrency() {
        assertEquals("1234,50", new LocalFormats(Locale.GERMANY).plainAmount(new BigDecimal("1234.5"), "USD"));
        assertEquals("1234.50", new LocalFormats(Locale.US).plainAmount(new BigDecimal("1234.5"), "USD"));
        assertEquals(Optional.of(new BigDecimal("1234.50")), new LocalFormats(Locale.GERMANY)
                .parseAmount(new LocalFormats(Locale.GERMANY).plainAmount(new BigDecimal("1234.5"), "USD")));
    }

    @Test
    void datesAreWrittenInTheReadersLanguageInUtc() {
        OffsetDateTime at = OffsetDateTime.of(2026, 3, 10, 14, 5, 9, 0, ZoneOffset.ofHours(2));
        assertEquals("10.03.2026, 12:05:09 UTC", new LocalFormats(Locale.GERMANY).dateTime(at));
    }

    @Test
    void typedAmountsReadInTheReadersNotationOrPlain() {
        assertEquals(Optional.of(new BigDecimal("1234.5")), new LocalFormats(Locale.GERMANY).parseAmount("1.234,5"));
        assertEquals(Optional.of(new BigDecimal("1234.5")), new LocalFormats(Locale.GERMANY).parseAmount("1234,5"));
        assertEquals(Optional.of(new BigDecimal("1234.5")), new LocalFormats(Locale.US).parseAmount("1,234.5"));
        assertEquals(Optional.of(new BigDecimal("12.34")), new LocalFormats(Locale.US).parseAmount(" 12.34 "));
        assertEquals(Optional.empty(), new LocalFormats(Locale.US).parseAmount("Shop 12"));
        assertEquals(Optional.empty(), new LocalFormats(Locale.US).parseAmount(""));
        assertEquals(Optional.empty(), new LocalFormats(Locale.US).parseAmount(null));
    }
}
