package com.paycore.processor;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Currency;
import java.util.Map;
import java.util.TreeMap;

import com.paycore.platform.web.AppException;

/**
 * The messages of gateway 2 as DESIGN.md section 12 lists them, and the references its answers carry.
 * Times (7, 12, 13) are UTC; amounts are 12 digits of the currency's minor units; currencies ISO 4217 numeric.
 */
final class IsoMessages {

    private static final DateTimeFormatter TRANSMISSION = DateTimeFormatter.ofPattern("MMddHHmmss").withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter LOCAL_TIME = DateTimeFormatter.ofPattern("HHmmss").withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter LOCAL_DATE = DateTimeFormatter.ofPattern("MMdd").withZone(ZoneOffset.UTC);
    static final String PURCHASE = "000000";
    static final String REFUND = "200000";
    private static final long MAX_AMOUNT = 999_999_999_999L;

    private IsoMessages() {
    }

    /** Field 7: the transmission's date and time, UTC {@code MMddHHmmss}. */
    static String transmissionTime() {
        return TRANSMISSION.format(Instant.now());
    }

    /** Field 11: a sequence value as 6 digits (the sequence cycles 1-999999). */
    static String stan(long value) {
        return String.format("%06d", Math.floorMod(value - 1, 999_999) + 1);
    }

    /** Field 37: a sequence value as 12 digits. */
    static String rrn(long value) {
        return String.format("%012d", value % 1_000_000_000_000L);
    }

    /** Field 4: an amount as 12 digits of the currency's minor units; 400 when it does not fit. */
    static String amount(BigDecimal amount, String currency) {
        int digits = Math.max(0, currency(currency).getDefaultFractionDigits());
        BigDecimal minor;
        try {
            minor = amount.setScale(digits, RoundingMode.UNNECESSARY).movePointRight(digits);
        } catch (ArithmeticException e) {
            throw AppException.invalid("amount: more decimals than " + currency + " has");
        }
        if (minor.signum() < 0 || minor.compareTo(BigDecimal.valueOf(MAX_AMOUNT)) > 0) {
            throw AppException.invalid("amount: does not fit the processor's 12 digits of " + currency + " minor units");
        }
        return String.format("%012d", minor.longValueExact());
    }

    /** Field 49: the currency's ISO 4217 number. */
    static String currencyNumber(String currency) {
        int number = currency(currency).getNumericCode();
        if (number <= 0) {
            throw AppException.invalid("currency: " + currency + " has no ISO 4217 number");
        }
        return String.format("%03d", number);
    }

    private static Currency currency(String code) {
        try {
            return Currency.getInstance(code);
        } catch (IllegalArgumentException | NullPointerException e) {
            throw AppException.invalid("currency: unknown currency");
        }
    }

    /** Field 14: the card's expiry, {@code YYMM}. */
    static String expiry(CardData card) {
        return String.format("%02d%02d", card.expirationYear() % 100, card.expirationMonth());
    }

    /**
     * The MTI of the answer to a request or advice (section 12's table): the third digit (the message's function)
     * plus one, and a repeat (fourth digit 1) answered as its original: {@code 0100} to {@code 0110}, {@code 0221}
     * to {@code 0230}, {@code 0401} to {@code 0410}, {@code 0800} to {@code 0810}. Null for an MTI no answer follows
     * (an answer, a notification, an issuer's message).
     */
    static String answerTo(String request) {
        if (request == null || !request.matches("[0-9]{2}[02][01]")) {
            return null;
        }
        return request.substring(0, 2) + (char) (request.charAt(2) + 1) + "0";
    }

    /** Field 90: the original's MTI, 11, 7, then 32 left-padded with zeros to 11 digits, then 11 zeros. */
    static String originalData(String mti, String stan, String time, String acquirerId) {
        return mti + stan + time + String.format("%11s", acquirerId).replace(' ', '0') + "00000000000";
    }

    /** The fields of every financial request: 3, 7, 11, 12, 13, 22, 25, 32, 37, 41, 42, 49. */
    static Map<Integer, String> financial(AcquirerSettings settings, String merchantId, String processingCode,
                                          String stan, String rrn, String currencyNumber) {
        Instant now = Instant.now();
        Map<Integer, String> fields = new TreeMap<>();
        fields.put(3, processingCode);
        fields.put(7, TRANSMISSION.format(now));
        fields.put(11, stan);
        fields.put(12, LOCAL_TIME.format(now));
        fields.put(13, LOCAL_DATE.format(now));
        fields.put(22, "010");
        fields.put(25, "59");
        fields.put(32, settings.acquirerId());
        fields.put(37, rrn);
        fields.put(41, settings.terminalId());
        fields.put(42, String.format("%-15s", merchantId));
        fields.put(49, currencyNumber);
        return fields;
    }

    /** What a response code (39) means for a transaction: 00 approved; 0x-6x declined; anything else an error. */
    static PaymentGateway.GatewayResult.Outcome outcome(String code) {
        if ("00".equals(code)) {
            return PaymentGateway.GatewayResult.Outcome.Approved;
        }
        if (code != null && code.matches("[0-6][0-9]")) {
            return PaymentGateway.GatewayResult.Outcome.Declined;
        }
        return PaymentGateway.GatewayResult.Outcome.Error;
    }

    /**
     * What gateway 2 keeps in a transaction's or a pending move's processor reference, so a later move or the
     * reconciliation job can build its message: the original's MTI, STAN, transmission time, RRN, approval code and
     * amount, the data elements field 90 of a refund is to carry (of the capture, once captured), and for a pending
     * move what its repeat needs. No card data.
     *
     * @param kind    T a transaction (authorization or sale; the reference of one that timed out too), C a capture
     *                that timed out, R a refund that timed out, V a reversal that timed out, A a timed-out
     *                authorization being reversed
     * @param follow  field 90's data of the capture (kind T once captured, C), or of the refund's original (R): MTI,
     *                STAN, time; else empty
     * @param extra   C: the captured amount; V and A: the reversal's STAN once one was sent; else empty
     */
    record Reference(char kind, String mti, String stan, String time, String rrn, String approval, String amount,
                     String follow, String extra) {

        static final String PREFIX = "iso|";

        String encode() {
            return PREFIX + kind + "|" + mti + "|" + stan + "|" + time + "|" + rrn + "|" + approval + "|" + amount + "|"
                    + follow + "|" + extra;
        }

        static boolean is(String reference) {
            return reference != null && reference.startsWith(PREFIX);
        }

        static Reference decode(String reference) {
            if (!is(reference)) {
                throw new IllegalArgumentException("not a gateway 2 reference");
            }
            String[] parts = reference.substring(PREFIX.length()).split("\\|", -1);
            if (parts.length != 9 || parts[0].length() != 1) {
                throw new IllegalArgumentException("not a gateway 2 reference");
            }
            return new Reference(parts[0].charAt(0), parts[1], parts[2], parts[3], parts[4], parts[5], parts[6],
                    parts[7], parts[8]);
        }

        Reference as(char newKind, String newFollow, String newExtra) {
            return new Reference(newKind, mti, stan, time, rrn, approval, amount, newFollow, newExtra);
        }

        /** The approval code as field 38 carries it (6 characters, padded). */
        String approvalField() {
            return String.format("%-6s", approval);
        }

        /** An approval code as a reference keeps it: letters, digits and spaces only, at most 6, trimmed. */
        static String approvalOf(String field38) {
            if (field38 == null) {
                return "";
            }
            String kept = field38.strip().replaceAll("[^A-Za-z0-9 ]", "0");
            return kept.length() > 6 ? kept.substring(0, 6) : kept;
        }
    }
}
