package com.paycore.cardfile;

import java.util.Collections;
import java.util.Map;

/**
 * One card row: its number (1 = the first row after the header; a line break inside quotes does not start a row), its
 * cells by column name (the header's columns, in its order), and the problem that makes it a bad row, or null. A bad
 * row's cells are empty when they could not be read (bytes that are not UTF-8, a count of cells that is not the
 * header's); the problem text never contains a cell.
 */
public record CardRow(long number, Map<String, String> cells, String problem) {

    public CardRow {
        cells = cells == null ? Map.of() : Collections.unmodifiableMap(cells);
    }

    public boolean bad() {
        return problem != null;
    }

    /**
     * The problem with a row's reference, or null: 1-64 characters without control characters, not starting with
     * {@code =}, {@code +}, {@code -} or {@code @} (a spreadsheet would take those for a formula). Uniqueness within
     * the file is the caller's to check.
     */
    public static String referenceProblem(String reference) {
        if (reference == null || reference.isEmpty()) {
            return "reference: required";
        }
        if (reference.codePointCount(0, reference.length()) > 64) {
            return "reference: at most 64 characters";
        }
        if (reference.codePoints().anyMatch(c -> Character.isISOControl(c) || !Character.isDefined(c))) {
            return "reference: printable characters only";
        }
        if ("=+-@".indexOf(reference.charAt(0)) >= 0) {
            return "reference: must not start with =, +, - or @";
        }
        return null;
    }
}
