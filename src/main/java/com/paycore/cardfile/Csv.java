package com.paycore.cardfile;

import java.util.List;

/** Writes CSV lines (RFC 4180) whose cells a spreadsheet cannot take for formulas. */
final class Csv {

    private Csv() {
    }

    /** One line, CRLF-ended: null cells empty, cells with a comma, quote or line break quoted. */
    static String line(List<String> cells) {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) {
                line.append(',');
            }
            line.append(cell(cells.get(i)));
        }
        return line.append("\r\n").toString();
    }

    /** A cell: starting with {@code =}, {@code +}, {@code -} or {@code @}, prefixed with {@code '}; quoted when needed. */
    static String cell(String value) {
        if (value == null || value.isEmpty()) {
            return "";
        }
        return quoted("=+-@".indexOf(value.charAt(0)) >= 0 ? "'" + value : value);
    }

    /** A cell as it is (null empty), quoted, its quotes doubled, when it holds a comma, a quote or a line break. */
    static String quoted(String value) {
        if (value == null) {
            return "";
        }
        if (value.indexOf(',') >= 0 || value.indexOf('"') >= 0 || value.indexOf('\n') >= 0 || value.indexOf('\r') >= 0) {
            return '"' + value.replace("\"", "\"\"") + '"';
        }
        return value;
    }
}
