package com.paycore.processor;

import java.io.UnsupportedEncodingException;
import java.nio.charset.StandardCharsets;
import java.text.ParseException;
import java.util.Collections;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

import com.solab.iso8583.IsoMessage;
import com.solab.iso8583.IsoType;
import com.solab.iso8583.IsoValue;
import com.solab.iso8583.MessageFactory;
import com.solab.iso8583.parse.FieldParseInfo;

/**
 * The ISO 8583:1987 codec of gateway 2 (DESIGN.md section 12) over j8583: ASCII, the MTI as 4 digits, the bitmap as
 * hexadecimal characters, LL/LLL lengths as ASCII digits; what jPOS calls {@code ISO87APackager}. The 2-byte length
 * header is the channel's ({@link IsoChannel}).
 * <p>
 * j8583's traps are avoided here: its parse guide knows all 128 fields (a field it lacks in an answer's bitmap would
 * fail the whole parse); fixed-length fields, numeric ones included, are written and read as text this class formats
 * and checks itself (j8583's {@code AMOUNT} assumes 2 decimals, {@code DATE10} formats in the JVM's zone, numeric
 * parsing drops leading zeros, and an alphanumeric value that is too long is silently cut), so a value that does
 * not fit its field is refused before anything is written.
 */
final class Iso8583 {

    /** How a field is written: fixed length text, LL or LLL variable text, or fixed binary (hex on the wire). */
    enum Kind { FIXED, LLVAR, LLLVAR, BINARY }

    /** A field's definition: kind, length (maximum for variable ones, bytes for binary ones), digits only. */
    record Field(Kind kind, int length, boolean numeric) {
    }

    private static final Map<Integer, Field> FIELDS = fields();

    /**
     * The fields a message's log form writes: those of section 12's messages that carry no card data and no
     * secret. Processing code (3), amount (4), times and dates (7, 12, 13), STAN (11), entry mode and condition
     * (22, 25), acquirer id (32), RRN (37), approval and response codes (38, 39), terminal and merchant ids (41,
     * 42), currency (49), network code (70), original data elements (90: MTI, STAN, time, acquirer id). An
     * allow-list, so a field nobody thought of stays out of the logs.
     */
    static final Set<Integer> LOGGED = Set.of(3, 4, 7, 11, 12, 13, 22, 25, 32, 37, 38, 39, 41, 42, 49, 70, 90);

    /** Every message type this codec parses: the requests of section 12, their answers and their repeats. */
    private static final int[] TYPES = {0x100, 0x110, 0x120, 0x121, 0x130, 0x200, 0x201, 0x210, 0x220, 0x221, 0x230,
        0x400, 0x401, 0x410, 0x420, 0x421, 0x430, 0x800, 0x810, 0x820, 0x830};

    private final MessageFactory<IsoMessage> factory = new MessageFactory<>();

    Iso8583() {
        factory.setCharacterEncoding(StandardCharsets.US_ASCII.name());
        factory.setUseBinaryMessages(false);
        factory.setUseBinaryBitmap(false);
        factory.setAssignDate(false);
        factory.setForceStringEncoding(true);
        Map<Integer, FieldParseInfo> guide = new HashMap<>();
        FIELDS.forEach((number, field) -> {
            if (number != 1) { // the secondary bitmap is j8583's own
                guide.put(number, FieldParseInfo.getInstance(type(field), field.length(),
                        StandardCharsets.US_ASCII.name(), false));
            }
        });
        for (int type : TYPES) {
            factory.setParseMap(type, guide);
        }
    }

    /** A message: its type (4 digits) and its fields as text (binary fields as hexadecimal). */
    record Message(String mti, SortedMap<Integer, String> fields) {

        Message {
            fields = Collections.unmodifiableSortedMap(new TreeMap<>(fields));
        }

        String get(int field) {
            return fields.get(field);
        }

        /** A fixed-length text field without its padding (j8583 keeps it). */
        String trimmed(int field) {
            String value = fields.get(field);
            return value == null ? null : value.strip();
        }

        /**
         * The message as it may be logged: its MTI and the fields of {@link #LOGGED} only. Every other field, card
         * data (2, 14, 35, 45, 48, 52, 55) and any field a host adds alike, is left out, not even masked; a character
         * that is not printable ASCII is written as {@code ?}, so a host's value cannot forge a log line.
         */
        @Override
        public String toString() {
            StringBuilder text = new StringBuilder("ISO8583[").append(printable(mti));
            fields.forEach((number, value) -> {
                if (LOGGED.contains(number)) {
                    text.append(' ').append(number).append('=').append(printable(value));
                }
            });
            return text.append(']').toString();
        }

        private static String printable(String value) {
            StringBuilder text = new StringBuilder(value.length());
            value.chars().forEach(c -> text.append(c >= 0x20 && c < 0x7f ? (char) c : '?'));
            return text.toString();
        }
    }

    /**
     * The message's bytes without the length header. A field this codec does not send, or a value that does not fit
     * its field (length, digits), is refused with an IllegalArgumentException naming the field, before anything is
     * written; the value is never in the message.
     */
    byte[] encode(Message message) {
        if (message.mti() == null || !message.mti().matches("[0-9]{4}")) {
            throw new IllegalArgumentException("MTI must be 4 digits");
        }
        IsoMessage iso = factory.newMessage(Integer.parseInt(message.mti(), 16));
        iso.setCharacterEncoding(StandardCharsets.US_ASCII.name());
        iso.setForceStringEncoding(true);
        message.fields().forEach((number, value) -> {
            Field field = FIELDS.get(number);
            if (field == null || number == 1 || number == 65) {
                throw new IllegalArgumentException("field " + number + " cannot be sent");
            }
            check(number, field, value);
            if (field.kind() == Kind.BINARY) {
                iso.setValue(number, HexFormat.of().parseHex(value), IsoType.BINARY, field.length());
            } else {
                iso.setValue(number, value, type(field), field.length());
            }
        });
        return iso.writeData();
    }

    /** Parses a message (without its length header); a field j8583 cannot read fails it (ParseException). */
    Message decode(byte[] data) throws ParseException {
        if (data.length < 4) {
            throw new ParseException("message shorter than its MTI", 0);
        }
        IsoMessage iso;
        try {
            iso = factory.parseMessage(data, 0);
        } catch (UnsupportedEncodingException | RuntimeException e) {
            ParseException failure = new ParseException("unreadable message: " + e.getClass().getSimpleName(), 0);
            failure.initCause(e);
            throw failure;
        }
        if (iso == null) {
            throw new ParseException("unknown message type " + new String(data, 0, 4, StandardCharsets.US_ASCII), 0);
        }
        SortedMap<Integer, String> fields = new TreeMap<>();
        for (int number = 2; number <= 128; number++) {
            IsoValue<Object> value = iso.getField(number);
            if (value != null && value.getValue() != null) {
                fields.put(number, value.getValue() instanceof byte[] bytes ? HexFormat.of().withUpperCase().formatHex(bytes)
                        : value.getValue().toString());
            }
        }
        return new Message(String.format("%04x", iso.getType()), fields);
    }

    /** Refuses a value that does not fit its field (too long, or not digits in a numeric one). */
    static void check(int number, Field field, String value) {
        if (value == null) {
            throw new IllegalArgumentException("field " + number + " has no value");
        }
        switch (field.kind()) {
            case FIXED -> {
                if (value.length() != field.length()) {
                    throw new IllegalArgumentException("field " + number + " must be " + field.length() + " characters");
                }
            }
            case LLVAR, LLLVAR -> {
                if (value.length() > field.length()) {
                    throw new IllegalArgumentException("field " + number + " is longer than " + field.length());
                }
            }
            case BINARY -> {
                if (value.length() != field.length() * 2 || !value.matches("[0-9A-Fa-f]*")) {
                    throw new IllegalArgumentException("field " + number + " must be " + field.length() + " bytes in hex");
                }
            }
        }
        if (field.numeric() && !value.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new IllegalArgumentException("field " + number + " must be digits");
        }
        if (!value.chars().allMatch(c -> c >= 0x20 && c < 0x7f)) {
            throw new IllegalArgumentException("field " + number + " must be printable ASCII");
        }
    }

    /** A field's definition; null for one ISO 8583:1987 does not have. */
    static Field field(int number) {
        return FIELDS.get(number);
    }

    private static IsoType type(Field field) {
        return switch (field.kind()) {
            case FIXED -> IsoType.ALPHA;
            case LLVAR -> IsoType.LLVAR;
            case LLLVAR -> IsoType.LLLVAR;
            case BINARY -> IsoType.BINARY;
        };
    }

    /** ISO 8583:1987's 128 fields as jPOS's ISO87APackager defines them (1 and 65 are bitmaps). */
    private static Map<Integer, Field> fields() {
        Map<Integer, Field> fields = new HashMap<>();
        fields.put(1, binary(8));
        fields.put(2, llNumeric(19));
        int[] numeric = {0, 0, 0, 6, 12, 12, 12, 10, 8, 8, 8, 6, 6, 4, 4, 4, 4, 4, 4, 3, 3, 3, 3, 3, 3, 2, 2, 1};
        for (int number = 3; number <= 27; number++) {
            fields.put(number, fixedNumeric(numeric[number]));
        }
        for (int number = 28; number <= 31; number++) {
            fields.put(number, fixed(9)); // x+n 8: C or D, then digits
        }
        fields.put(32, llNumeric(11));
        fields.put(33, llNumeric(11));
        fields.put(34, new Field(Kind.LLVAR, 28, false));
        fields.put(35, new Field(Kind.LLVAR, 37, false)); // track 2 (z): digits and separators
        fields.put(36, new Field(Kind.LLLVAR, 104, false));
        int[] text = {12, 6, 2, 3, 8, 15, 40};
        for (int number = 37; number <= 43; number++) {
            fields.put(number, fixed(text[number - 37]));
        }
        fields.put(44, new Field(Kind.LLVAR, 25, false));
        fields.put(45, new Field(Kind.LLVAR, 76, false));
        for (int number = 46; number <= 48; number++) {
            fields.put(number, new Field(Kind.LLLVAR, 999, false));
        }
        for (int number = 49; number <= 51; number++) {
            fields.put(number, fixed(3));
        }
        fields.put(52, binary(8));
        fields.put(53, fixedNumeric(16));
        fields.put(54, new Field(Kind.LLLVAR, 120, false));
        for (int number = 55; number <= 63; number++) {
            fields.put(number, new Field(Kind.LLLVAR, 999, false));
        }
        fields.put(64, binary(8));
        fields.put(65, binary(1));
        int[] numeric2 = {1, 2, 3, 3, 3, 4, 4, 6, 10, 10, 10, 10, 10, 10, 10, 10, 12, 12, 12, 12, 16, 16, 16, 16, 42};
        for (int number = 66; number <= 90; number++) {
            fields.put(number, fixedNumeric(numeric2[number - 66]));
        }
        int[] text2 = {1, 2, 6, 7, 42};
        for (int number = 91; number <= 95; number++) {
            fields.put(number, fixed(text2[number - 91]));
        }
        fields.put(96, binary(16));
        fields.put(97, fixed(17)); // x+n 16
        fields.put(98, fixed(25));
        fields.put(99, llNumeric(11));
        fields.put(100, llNumeric(11));
        fields.put(101, new Field(Kind.LLVAR, 17, false));
        fields.put(102, new Field(Kind.LLVAR, 28, false));
        fields.put(103, new Field(Kind.LLVAR, 28, false));
        fields.put(104, new Field(Kind.LLLVAR, 100, false));
        for (int number = 105; number <= 127; number++) {
            fields.put(number, new Field(Kind.LLLVAR, 999, false));
        }
        fields.put(128, binary(8));
        return Map.copyOf(fields);
    }

    private static Field fixed(int length) {
        return new Field(Kind.FIXED, length, false);
    }

    private static Field fixedNumeric(int length) {
        return new Field(Kind.FIXED, length, true);
    }

    private static Field llNumeric(int length) {
        return new Field(Kind.LLVAR, length, true);
    }

    private static Field binary(int bytes) {
        return new Field(Kind.BINARY, bytes, false);
    }
}
