package com.paycore.cardfile;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * RFC 4180 records read from a byte stream as it comes: comma-separated cells, a cell in double quotes may hold
 * commas, line breaks and doubled quotes; records end with LF or CRLF. Lenient where the RFC is silent (a quote inside
 * an unquoted cell, text after a closing quote: kept as they are). Cells stay bytes (the caller decodes them, so a
 * record that is not UTF-8 is that record's problem only). A physical line longer than 64 KiB, or a record longer than
 * 1 MiB, fails the file; the memory held is one record.
 */
final class CsvRecords {

    static final int MAX_LINE_BYTES = 64 * 1024;
    static final int MAX_RECORD_BYTES = 1024 * 1024;

    /** A record's cells, and whether it ended inside an open quote (at the end of the content). */
    record Record(List<byte[]> cells, boolean unterminatedQuote) {
    }

    private final InputStream in;
    private final byte[] buffer = new byte[16 * 1024];
    private int position;
    private int limit;
    private boolean ended;

    CsvRecords(InputStream in) {
        this.in = in;
    }

    /** The next record, or null at the end; an empty line is skipped (it is no record). */
    Record next() throws IOException {
        while (true) {
            Record record = read();
            if (record != BLANK) {
                return record;
            }
        }
    }

    private static final Record BLANK = new Record(List.of(), false);

    private Record read() throws IOException {
        int first = nextByte();
        if (first < 0) {
            return null;
        }
        List<byte[]> cells = new ArrayList<>();
        ByteArrayOutputStream cell = new ByteArrayOutputStream();
        boolean quoted = false;
        boolean inQuotes = false;
        boolean anyQuoted = false;
        int lineBytes = 0;
        int recordBytes = 0;
        int b = first;
        while (true) {
            if (b < 0 || (b == '\n' && !inQuotes)) {
                cells.add(cell.toByteArray());
                return cells.size() == 1 && cell.size() == 0 && !anyQuoted ? BLANK : new Record(cells, inQuotes);
            }
            if (b == '\r' && !inQuotes && peekByte() == '\n') {
                b = nextByte();
                continue;
            }
            if (b == '\n') {
                lineBytes = 0;
            } else if (++lineBytes > MAX_LINE_BYTES) {
                throw new CardFileException(CardFileException.Reason.LINE_TOO_LONG, "a line longer than 64 KiB");
            }
            if (++recordBytes > MAX_RECORD_BYTES) {
                throw new CardFileException(CardFileException.Reason.LINE_TOO_LONG,
                        "a row longer than 1 MiB (line breaks inside quotes)");
            }
            if (inQuotes) {
                if (b == '"') {
                    int following = peekByte();
                    if (following == '"') {
                        nextByte();
                        lineBytes++;
                        recordBytes++;
                        cell.write('"');
                    } else {
                        inQuotes = false;
                    }
                } else {
                    cell.write(b);
                }
            } else if (b == ',') {
                cells.add(cell.toByteArray());
                cell.reset();
                quoted = false;
            } else if (b == '"' && cell.size() == 0 && !quoted) {
                inQuotes = true;
                quoted = true;
                anyQuoted = true;
            } else {
                cell.write(b);
            }
            b = nextByte();
        }
    }

    private int nextByte() throws IOException {
        while (position == limit) {
            if (!fill()) {
                return -1;
            }
        }
        return buffer[position++] & 0xff;
    }

    private int peekByte() throws IOException {
        while (position == limit) {
            if (!fill()) {
                return -1;
            }
        }
        return buffer[position] & 0xff;
    }

    private boolean fill() throws IOException {
        if (ended) {
            return false;
        }
        int n = in.read(buffer, 0, buffer.length);
        if (n < 0) {
            ended = true;
            return false;
        }
        position = 0;
        limit = n;
        return true;
    }
}
