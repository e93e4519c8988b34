package com.paycore.platform.data;

import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;

/** SQL text for a statement whose number of parameters is known only at run time. */
public final class SqlLists {

    private SqlLists() {
    }

    /** {@code ?, ?, ?}: {@code count} parameters. */
    public static String placeholders(int count) {
        return String.join(", ", Collections.nCopies(count, "?"));
    }

    /**
     * An update's assignments that null each column holding one of {@code values} values: {@code column = CASE WHEN
     * column IN (?, ...) THEN NULL ELSE column END}, each column with {@code values} parameters of its own.
     */
    public static String nullingWhereIn(List<String> columns, int values) {
        String in = placeholders(values);
        return columns.stream().map(c -> c + " = CASE WHEN " + c + " IN (" + in + ") THEN NULL ELSE " + c + " END")
                .collect(Collectors.joining(", "));
    }
}
