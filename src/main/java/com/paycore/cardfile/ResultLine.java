package com.paycore.cardfile;

import java.util.Arrays;

import com.paycore.vault.FileTokens;

/**
 * One line of a card file's results CSV (DESIGN.md section 13): the row's number and reference, and the token it made
 * or the reason it was rejected. Never a card number.
 */
final class ResultLine {

    /** The results' header line. */
    static final String HEADER =
            "row,reference,outcome,tokenId,paymentToken,last4,ccType,expirationMonth,expirationYear,error";

    private ResultLine() {
    }

    /** The line, CRLF-ended, of a row that made {@code token}. */
    static String tokenized(long row, String reference, FileTokens.Prepared token) {
        return Csv.line(Arrays.asList(Long.toString(row), reference, "Tokenized", token.tokenId().toString(),
                token.paymentToken(), token.last4(), token.ccType(), Integer.toString(token.expirationMonth()),
                Integer.toString(token.expirationYear()), null));
    }

    /** The line, CRLF-ended, of a row rejected for {@code error}. */
    static String rejected(long row, String reference, String error) {
        return Csv.line(Arrays.asList(Long.toString(row), reference, "Rejected", null, null, null, null, null, null,
                error));
    }
}
