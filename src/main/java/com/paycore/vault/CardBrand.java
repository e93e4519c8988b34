package com.paycore.vault;

/** The card brands the service takes (DESIGN.md section 6), recognized by their issuer number ranges. */
enum CardBrand {
    VISA, MASTERCARD, AMEX, DISCOVER, JCB, DINERS, UNIONPAY;

    /** The brand of a card number (digits only), or null when no brand's range holds it. */
    static CardBrand of(String pan) {
        int two = prefix(pan, 2);
        int three = prefix(pan, 3);
        int four = prefix(pan, 4);
        int six = prefix(pan, 6);
        if (pan.startsWith("4")) {
            return VISA;
        }
        if (two >= 51 && two <= 55 || four >= 2221 && four <= 2720) {
            return MASTERCARD;
        }
        if (two == 34 || two == 37) {
            return AMEX;
        }
        if (four == 6011 || three >= 644 && three <= 649 || two == 65 || six >= 622126 && six <= 622925) {
            return DISCOVER;
        }
        if (four >= 3528 && four <= 3589) {
            return JCB;
        }
        if (three >= 300 && three <= 305 || four == 3095 || two == 36 || two == 38 || two == 39) {
            return DINERS;
        }
        if (two == 62 || two == 81) {
            return UNIONPAY;
        }
        return null;
    }

    int cvvLength() {
        return this == AMEX ? 4 : 3;
    }

    private static int prefix(String pan, int digits) {
        return pan.length() < digits ? -1 : Integer.parseInt(pan.substring(0, digits));
    }
}
