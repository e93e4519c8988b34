package com.paycore.cardfile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The upload's quick OpenPGP check and the results' CSV cells. */
class CardFileTextTest {

    @Test
    void armoredAndBinaryMessagesPassAndOtherBodiesDoNot() {
        assertTrue(OpenPgpStart.looksLikeMessage(ascii("\r\n-----BEGIN PGP MESSAGE-----\n\nhQEMAwAAAAAAAAAA\n")));
        assertTrue(OpenPgpStart.looksLikeMessage(new byte[] {(byte) 0x85, 0x01}));        // old format, tag 1
        assertTrue(OpenPgpStart.looksLikeMessage(new byte[] {(byte) 0xc1, 0x01}));        // new format, tag 1
        assertTrue(OpenPgpStart.looksLikeMessage(new byte[] {(byte) 0xd2, 0x01}));        // new format, tag 18
        assertTrue(OpenPgpStart.looksLikeMessage(new byte[] {(byte) 0x8c, 0x01}));        // old format, tag 3
        assertFalse(OpenPgpStart.looksLikeMessage(ascii("reference,cardNumber\n")));
        assertFalse(OpenPgpStart.looksLikeMessage(ascii("-----BEGIN PGP PUBLIC KEY BLOCK-----")));
        assertFalse(OpenPgpStart.looksLikeMessage(ascii("-----BEGIN PGP")));
        assertFalse(OpenPgpStart.looksLikeMessage(new byte[] {(byte) 0x99, 0x01}));       // a public key packet
        assertFalse(OpenPgpStart.looksLikeMessage(new byte[] {(byte) 0xc6, 0x01}));       // new format, tag 6
        assertFalse(OpenPgpStart.looksLikeMessage(new byte[0]));
        assertFalse(OpenPgpStart.looksLikeMessage(ascii("   ")));
    }

    @Test
    void cellsAreQuotedWhenNeededAndNeverReadAsFormulas() {
        assertEquals("a,\"b,c\",\"say \"\"hi\"\"\",,'=1+1,'+x,'-y,'@z,\"line\nbreak\"\r\n",
                Csv.line(Arrays.asList("a", "b,c", "say \"hi\"", null, "=1+1", "+x", "-y", "@z", "line\nbreak")));
        assertEquals("\"'=\"\"a,b\"\"\"", Csv.cell("=\"a,b\""));
        assertEquals("\r\n", Csv.line(List.of()));
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }
}
