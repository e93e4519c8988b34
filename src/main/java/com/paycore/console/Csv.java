package com.paycore.console;

import java.util.List;
import java.util.Set;

/**
 * Lines of a CSV file (RFC 4180: comma-separated, CRLF, a field with a comma, quote or line break quoted, quotes
 * doubled). A text field (merchant data such as a project name or an e-mail) that a spreadsheet would read as a
 * formula (it starts with =, +, -, @, a tab or a carriage return) gets a leading apostrophe, so opening the export
 * runs nothing (OWASP's CSV injection advice); numbers are written as they are.
 */
final class Csv {

    private Csv() {
    }

    /** One line; the fields at {@code textColumns} are text that must not read as a formula. */
    static String line(List<String> fields, Set<Integer> textColumns) {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) {
                line.append(',');
            }
            String field = fields.get(i) == null ? "" : fields.get(i);
            if (textColumns.contains(i) && !field.isEmpty() && "=+-@\t\r".indexOf(field.charAt(0)) >= 0) {
                field = "'" + field;
            }
            line.append(quoted(field));
        }
        return line.append("\r\n").toString();
    }

    private static String quoted(String field) {
        if (field.indexOf(',') < 0 && field.indexOf('"') < 0 && field.indexOf('\n') < 0 && field.indexOf('\r') < 0) {
            return field;
        }
        return '"' + field.replace("\"", "\"\"") + '"';
    }
}
