package com.paycore.cardfile;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import com.paycore.vault.Address;
import com.paycore.vault.ExportedCard;

class CardExportCsvTest {

    private static final UUID ID = UUID.fromString("00000000-0000-4000-8000-000000000001");

    @Test
    void theHeaderNamesTheTokenColumnsThenThePersonAddressFields() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        CardExportCsv.header(out);
        assertEquals("tokenId,paymentToken,reference,cardNumber,expirationMonth,expirationYear,cardholderName,"
                + "firstName,lastName,email,phone,addressLine1,addressLine2,city,state,zip,country\r\n", utf8(out));
    }

    @Test
    void aRowIsTheTokenItsCardAndAddressInHeaderOrderWithEmptyCellsForNothing() throws IOException {
        ExportedCard card = new ExportedCard(ID, "tok_abc", null, "4111111111111111", 3, 2031, "Jane Roe",
                new Address("Jane", "Roe", "jane@example.com", null, "1 Main Street", null, "Springfield", "IL",
                        "12345", "US"));
        assertEquals(ID + ",tok_abc,,4111111111111111,3,2031,Jane Roe,Jane,Roe,jane@example.com,,1 Main Street,,"
                + "Springfield,IL,12345,US\r\n", row(card));
    }

    @Test
    void commasQuotesAndLineBreaksAreQuotedAsRfc4180Says() throws IOException {
        ExportedCard card = new ExportedCard(ID, "tok_a", "ref,1", "4111111111111111", 12, 2030, "J \"JR\" Roe",
                new Address(null, null, null, null, "Line\r\nTwo", "a\nb", "c\rd", null, null, null));
        assertEquals(ID + ",tok_a,\"ref,1\",4111111111111111,12,2030,\"J \"\"JR\"\" Roe\",,,,,\"Line\r\nTwo\","
                + "\"a\nb\",\"c\rd\",,,\r\n", row(card));
    }

    @Test
    void aTextCellThatASpreadsheetWouldTakeForAFormulaGetsAnApostrophe() throws IOException {
        ExportedCard card = new ExportedCard(ID, "tok_a", "=1+1", "4111111111111111", 1, 2030, "+cmd",
                new Address("-2", "@SUM(A1)", "a=b", "+1 555 0100", "=HYPERLINK(\"x\",\"y\")", null, null, null, null,
                        null));
        assertEquals(ID + ",tok_a,'=1+1,4111111111111111,1,2030,'+cmd,'-2,'@SUM(A1),a=b,'+1 555 0100,"
                + "\"'=HYPERLINK(\"\"x\"\",\"\"y\"\")\",,,,,\r\n", row(card));
    }

    @Test
    void textIsWrittenAsUtf8() throws IOException {
        ExportedCard card = new ExportedCard(ID, "tok_a", "r", "4111111111111111", 1, 2030, "Zoë Ñúñez",
                new Address(null, null, null, null, null, null, "Kraków", null, null, null));
        assertEquals(ID + ",tok_a,r,4111111111111111,1,2030,Zoë Ñúñez,,,,,,,Kraków,,,\r\n", row(card));
    }

    private static String row(ExportedCard card) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        CardExportCsv.row(out, card);
        return utf8(out);
    }

    private static String utf8(ByteArrayOutputStream out) {
        return out.toString(StandardCharsets.UTF_8);
    }
}
