package com.paycore.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.jpos.iso.ISOFieldPackager;
import org.jpos.iso.ISOMsg;
import org.jpos.iso.packager.ISO87APackager;
import org.junit.jupiter.api.Test;

/** The codec of gateway 2 against jPOS's ISO87APackager, an implementation no code of ours wrote. */
class Iso8583Test {

    private final Iso8583 codec = new Iso8583();
    private final ISO87APackager jpos = new ISO87APackager();

    private static Iso8583.Message authorization() {
        Map<Integer, String> fields = new TreeMap<>();
        fields.put(2, "4111111111111111");
        fields.put(3, "000000");
        fields.put(4, "000000001234");
        fields.put(7, "1126060501");
        fields.put(11, "000042");
        fields.put(12, "070501");
        fields.put(13, "1126");
        fields.put(14, "2812");
        fields.put(22, "010");
        fields.put(25, "59");
        fields.put(32, "12345");
        fields.put(37, "633012345678");
        fields.put(41, "TERM0001");
        fields.put(42, "MERCHANT1      ");
        fields.put(48, "CV2123");
        fields.put(49, "840");
        fields.put(90, "0100000041112606050100000012345" + "00000000000");
        return new Iso8583.Message("0100", new TreeMap<>(fields));
    }

    @Test
    void everyFieldIsDefinedAsJposDefinesIt() {
        for (int number = 2; number <= 128; number++) {
            ISOFieldPackager theirs = jpos.getFieldPackager(number);
            Iso8583.Field ours = Iso8583.field(number);
            assertEquals(theirs.getLength(), ours.length(), "length of field " + number);
            String kind = theirs.getClass().getSimpleName();
            Iso8583.Kind expected = kind.contains("LLL") ? Iso8583.Kind.LLLVAR : kind.contains("LL") ? Iso8583.Kind.LLVAR
                    : kind.contains("BINARY") ? Iso8583.Kind.BINARY : Iso8583.Kind.FIXED;
            assertEquals(expected, ours.kind(), "kind of field " + number + " (" + kind + ")");
        }
    }

    @Test
    void jposReadsWhatWeWrite() throws Exception {
        Iso8583.Message ours = authorization();
        ISOMsg theirs = new ISOMsg();
        theirs.setPackager(jpos);
        theirs.unpack(codec.encode(ours));
        assertEquals("0100", theirs.getMTI());
        for (var field : ours.fields().entrySet()) {
            assertEquals(field.getValue(), theirs.getString(field.getKey()), "field " + field.getKey());
        }
        assertEquals(ours.fields().size(), countFields(theirs));
    }

    @Test
    void weReadWhatJposWritesIncludingFieldsWeNeverUse() throws Exception {
        ISOMsg answer = new ISOMsg("0110");
        answer.setPackager(jpos);
        answer.set(3, "000000");
        answer.set(4, "000000001234");
        answer.set(11, "000042");
        answer.set(28, "C00000100");
        answer.set(37, "633012345678");
        answer.set(38, "AB12");          // shorter than 6: jPOS pads it
        answer.set(39, "00");
        answer.set(41, "TERM0001");
        answer.set(44, "additional");
        answer.set(54, "3001840C000000001000");
        answer.set(63, "private use");
        answer.set(64, new byte[] {1, 2, 3, 4, 5, 6, 7, 8});
        answer.set(102, "ACCOUNT-1");
        answer.set(120, "a record of no interest");
        answer.set(127, "x");
        Iso8583.Message ours = codec.decode(answer.pack());
        assertEquals("0110", ours.mti());
        assertEquals("000042", ours.get(11));
        assertEquals("AB12  ", ours.get(38));
        assertEquals("AB12", ours.trimmed(38));
        assertEquals("00", ours.get(39));
        assertEquals("TERM0001", ours.get(41));
        assertEquals("000000001234", ours.get(4));
        assertEquals("ACCOUNT-1", ours.get(102));
        assertEquals("a record of no interest", ours.get(120));
        assertEquals("0102030405060708", ours.get(64));
        assertEquals(15, ours.fields().size());
    }

    @Test
    void theSecondaryBitmapIsWrittenWhenNeeded() throws Exception {
        Map<Integer, String> fields = new TreeMap<>(Map.of(7, "1126060501", 11, "000001", 70, "301"));
        byte[] data = codec.encode(new Iso8583.Message("0800", new TreeMap<>(fields)));
        ISOMsg theirs = new ISOMsg();
        theirs.setPackager(jpos);
        theirs.unpack(data);
        assertEquals("301", theirs.getString(70));
        assertEquals("0800", new String(data, 0, 4, StandardCharsets.US_ASCII));
        assertEquals(4 + 32 + 10 + 6 + 3, data.length);
        assertEquals(fields, codec.decode(data).fields());
    }

    @Test
    void aValueThatDoesNotFitIsRefusedNotCut() {
        var tooLong = new TreeMap<>(authorization().fields());
        tooLong.put(42, "MERCHANT-ID-16CH");
        var refused = assertThrows(IllegalArgumentException.class,
                () -> codec.encode(new Iso8583.Message("0100", tooLong)));
        assertTrue(refused.getMessage().contains("field 42"));
        var letters = new TreeMap<>(authorization().fields());
        letters.put(4, "00000000012A");
        assertThrows(IllegalArgumentException.class, () -> codec.encode(new Iso8583.Message("0100", letters)));
        var amount = new TreeMap<>(authorization().fields());
        amount.put(4, "1000000000000");
        assertThrows(IllegalArgumentException.class, () -> codec.encode(new Iso8583.Message("0100", amount)));
        var pan = new TreeMap<>(authorization().fields());
        pan.put(2, "41111111111111111111");
        var panRefused = assertThrows(IllegalArgumentException.class,
                () -> codec.encode(new Iso8583.Message("0100", pan)));
        assertFalse(panRefused.getMessage().contains("4111"));
    }

    @Test
    void theLogFormWritesOnlyTheAllowedFieldsNotEvenCardDataMasked() {
        TreeMap<Integer, String> fields = new TreeMap<>(authorization().fields());
        fields.put(35, "4111111111111111=28121010000012345678");
        fields.put(45, "B4111111111111111^DOE/JOHN^28121010000000000000");
        fields.put(52, "A1B2C3D4E5F60708");
        fields.put(55, "9F2608AABBCCDDEEFF0011");
        fields.put(63, "private use");
        fields.put(120, "a record of no interest");
        fields.put(127, "x");
        fields.put(200, "not an ISO 8583 field at all");
        fields.put(39, "00");
        fields.put(38, "AB12  ");
        fields.put(70, "301");
        String text = new Iso8583.Message("0100", fields).toString();

        for (String cardData : List.of("411111", "1111", "2812", "CV2", "DOE", "9F26", "A1B2C3D4", "private use",
                "no interest", "not an ISO")) {
            assertFalse(text.contains(cardData), cardData + " in " + text);
        }
        for (int number : List.of(2, 14, 35, 45, 48, 52, 55, 63, 120, 127, 200)) {
            assertFalse(text.matches(".*[ \\[]" + number + "=.*"), "field " + number + " in " + text);
        }
        assertEquals("ISO8583[0100 3=000000 4=000000001234 7=1126060501 11=000042 12=070501 13=1126 22=010 25=59"
                + " 32=12345 37=633012345678 38=AB12   39=00 41=TERM0001 42=MERCHANT1       49=840 70=301"
                + " 90=010000004111260605010000001234500000000000]", text);
    }

    @Test
    void theLogFormWritesAHostsControlCharactersAsQuestionMarks() {
        String text = new Iso8583.Message("0110", new TreeMap<>(Map.of(38, "AB\nC12", 39, "0\r"))).toString();
        assertEquals("ISO8583[0110 38=AB?C12 39=0?]", text);
    }

    private static int countFields(ISOMsg message) {
        int count = 0;
        for (int number = 2; number <= 128; number++) {
            if (message.hasField(number)) {
                count++;
            }
        }
        return count;
    }
}
