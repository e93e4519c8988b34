package com.paycore.cardfile;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import com.paycore.vault.Address;
import com.paycore.vault.ExportedCard;

/**
 * The CSV of a card export (DESIGN.md section 13), UTF-8, RFC 4180: a header line, then one token a line, CRLF after
 * each; a cell holding a comma, a quote or a line break is quoted, its quotes doubled. A text cell that a spreadsheet
 * would read as a formula (it starts with {@code =}, {@code +}, {@code -} or {@code @}) gets a leading apostrophe, as
 * the import's results do; numbers and card numbers are written as they are.
 */
final class CardExportCsv {

    static final List<String> HEADER = List.of("tokenId", "paymentToken", "reference", "cardNumber", "expirationMonth",
            "expirationYear", "cardholderName", "firstName", "lastName", "email", "phone", "addressLine1",
            "addressLine2", "city", "state", "zip", "country");

    private CardExportCsv() {
    }

    /** The columns holding the merchant's or cardholder's text (all but ids, the card number and the expiry). */
    private static final boolean[] TEXT = {false, true, true, false, false, false, true, true, true, true, true, true,
        true, true, true, true, true};

    static void header(OutputStream out) throws IOException {
        write(out, HEADER.toArray(String[]::new), false);
    }

    static void row(OutputStream out, ExportedCard card) throws IOException {
        Address a = card.address();
        write(out, new String[] {card.tokenId().toString(), card.paymentToken(), card.reference(), card.cardNumber(),
            Integer.toString(card.expirationMonth()), Integer.toString(card.expirationYear()), card.cardholderName(),
            a.firstName(), a.lastName(), a.email(), a.phone(), a.addressLine1(), a.addressLine2(), a.city(), a.state(),
            a.zip(), a.country()}, true);
    }

    private static void write(OutputStream out, String[] cells, boolean guardText) throws IOException {
        StringBuilder line = new StringBuilder(256);
        for (int i = 0; i < cells.length; i++) {
            if (i > 0) {
                line.append(',');
            }
            line.append(guardText && TEXT[i] ? Csv.cell(cells[i]) : Csv.quoted(cells[i]));
        }
        end(out, line);
    }

    private static void end(OutputStream out, StringBuilder line) throws IOException {
        out.write(line.append("\r\n").toString().getBytes(StandardCharsets.UTF_8));
    }
}
