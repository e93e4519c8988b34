package com.paycore.secret;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The database columns that hold values sealed by the {@link SecretBox} (master key), as each feature declares them
 * when {@link MasterKeyStartup} asks (a CDI event of this type): every one is moved onto the current master key at
 * startup, so an old key can be retired. A feature that stores a new sealed column adds it in its observer.
 */
public final class SecretColumns {

    /**
     * A sealed column: its table (with a primary key column {@code id}), and how a row's purpose (the associated
     * data it was sealed with) is made from the values of {@code purposeColumns}.
     */
    public record Column(String table, String column, List<String> purposeColumns, Function<Object[], String> purpose) {
    }

    private final List<Column> columns = new ArrayList<>();

    /** Declares a sealed column whose purpose is made from the row's {@code purposeColumns}, in that order. */
    public void add(String table, String column, Function<Object[], String> purpose, String... purposeColumns) {
        columns.add(new Column(table, column, List.of(purposeColumns), purpose));
    }

    List<Column> all() {
        return List.copyOf(columns);
    }
}
