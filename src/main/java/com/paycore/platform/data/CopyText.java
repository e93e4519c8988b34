package com.paycore.platform.data;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.temporal.TemporalAccessor;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Rows of a plain insert ({@code insert into t (a, b) values (?, ?)}) as PostgreSQL's {@code COPY t (a, b) FROM STDIN}
 * takes them in its text format: one line per row, cells separated by tabs, {@code \N} for null, and a backslash,
 * tab, line feed or carriage return inside a value escaped. The values are the ones the insert would bind: text,
 * numbers, booleans, uuids, date-times and bytes.
 */
final class CopyText {

    private static final Pattern INSERT = Pattern.compile(
            "insert into (\\w+) \\(([\\w, ]+)\\) values \\(\\?(?:, \\?)*\\)");

    private CopyText() {
    }

    /** The COPY of a plain insert's table and columns, or an IllegalArgumentException for any other statement. */
    static String copyOf(String insert) {
        Matcher plain = INSERT.matcher(insert);
        if (!plain.matches()) {
            throw new IllegalArgumentException("not a plain insert of one row: " + insert);
        }
        return "copy " + plain.group(1) + " (" + plain.group(2) + ") from stdin";
    }

    /**
     * Writes the rows in COPY's text format, UTF-8, one row at a time: however wide the rows and however many, no
     * buffer holds more than one of them (the stream buffers what it sends).
     */
    static void write(List<Object[]> rows, OutputStream out) throws IOException {
        StringBuilder text = new StringBuilder(256);
        for (Object[] row : rows) {
            text.setLength(0);
            for (int i = 0; i < row.length; i++) {
                if (i > 0) {
                    text.append('\t');
                }
                cell(text, row[i]);
            }
            text.append('\n');
            out.write(text.toString().getBytes(StandardCharsets.UTF_8));
        }
    }

    private static void cell(StringBuilder text, Object value) {
        if (value == null) {
            text.append("\\N");
        } else if (value instanceof String s) {
            escaped(text, s);
        } else if (value instanceof Number || value instanceof UUID) {
            text.append(value);
        } else if (value instanceof Boolean b) {
            text.append(b ? 't' : 'f');
        } else if (value instanceof TemporalAccessor) {
            text.append(value); // ISO 8601, which PostgreSQL reads (an offset date-time keeps its offset)
        } else if (value instanceof byte[] bytes) {
            text.append("\\\\x").append(HexFormat.of().formatHex(bytes));
        } else {
            throw new IllegalArgumentException("no COPY text for a " + value.getClass().getName());
        }
    }

    /** The value with COPY's four special characters escaped; the runs between them appended whole. */
    private static void escaped(StringBuilder text, String value) {
        int plainFrom = 0;
        for (int i = 0; i < value.length(); i++) {
            String escape = switch (value.charAt(i)) {
                case '\\' -> "\\\\";
                case '\t' -> "\\t";
                case '\n' -> "\\n";
                case '\r' -> "\\r";
                default -> null;
            };
            if (escape != null) {
                text.append(value, plainFrom, i).append(escape);
                plainFrom = i + 1;
            }
        }
        if (plainFrom == 0) {
            text.append(value); // copied whole (a range is appended a character at a time)
        } else {
            text.append(value, plainFrom, value.length());
        }
    }
}
