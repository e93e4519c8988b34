package com.paycore.platform.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.MappedSuperclass;
import jakarta.persistence.Transient;

/**
 * Every statement of every rows class ({@code *Rows}: the plain-JDBC statements of one table, docs/ARCHITECTURE.md
 * "SQL") against a schema Liquibase made: the database parses and describes each one (a renamed or dropped column or
 * table fails), and each insert's columns are the entity's JPA mapping ({@code @Column} names, read here on their own)
 * and include every column the table requires. Run on H2 by {@code RowsStatementsTest}, on PostgreSQL by the
 * PlainJdbc integration scenario. A statement whose field ends with {@code _POSTGRESQL} is PostgreSQL's own form of
 * another (a lateral join, array casts) and is parsed on PostgreSQL only.
 */
public final class RowsStatements {

    private RowsStatements() {
    }

    /** The rows classes of the compiled application. */
    public static List<Class<?>> rowsClasses() {
        List<Class<?>> found = new ArrayList<>();
        new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("com.paycore").stream()
                .filter(type -> type.getSimpleName().endsWith("Rows") && !type.isNestedClass())
                .forEach(type -> found.add(type.reflect()));
        return found;
    }

    /** Checks every statement; answers how many it checked. */
    public static int check(Connection connection) throws Exception {
        List<Class<?>> rows = rowsClasses();
        assertTrue(rows.size() >= 4, "rows classes found: " + rows);
        int checked = 0;
        boolean postgres = connection.getMetaData().getDatabaseProductName().toLowerCase(Locale.ROOT).contains("postgres");
        for (Class<?> type : rows) {
            for (Field field : type.getDeclaredFields()) {
                if (!Modifier.isStatic(field.getModifiers())) {
                    continue;
                }
                field.setAccessible(true);
                Object value = field.get(null);
                String where = type.getSimpleName() + "." + field.getName();
                if (field.getName().endsWith("_POSTGRESQL") && !postgres) {
                    continue; // PostgreSQL's own form of a statement (the PlainJdbc scenario parses it there)
                }
                if (value instanceof String sql && sql.toLowerCase(Locale.ROOT).matches("(?s)\\s*(select|insert|update|delete).*")
                        && !sql.trim().endsWith("where")) {
                    parse(connection, String.format(sql, 1), where);
                    checked++;
                } else if (value instanceof EntityInsert<?> insert) {
                    parse(connection, insert.sql(), where);
                    assertEquals(mapped(entity(field)), insert.columns(), where + ": the entity's mapped columns");
                    assertRequiredColumnsWritten(connection, insert, where);
                    checked++;
                }
            }
        }
        return checked;
    }

    /** The database parses the statement and describes its parameters (PostgreSQL: a Parse/Describe round trip). */
    private static void parse(Connection connection, String sql, String where) {
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            statement.getParameterMetaData().getParameterCount();
        } catch (SQLException e) {
            throw new AssertionError(where + " does not fit the schema: " + e.getMessage(), e);
        }
    }

    private static Class<?> entity(Field field) {
        return (Class<?>) ((java.lang.reflect.ParameterizedType) field.getGenericType()).getActualTypeArguments()[0];
    }

    /** The entity's insertable columns, from its annotations (and its mapped superclasses'), in declaration order. */
    static List<String> mapped(Class<?> entity) {
        List<String> columns = new ArrayList<>();
        for (Class<?> type = entity; type != Object.class; type = type.getSuperclass()) {
            if (!type.isAnnotationPresent(Entity.class) && !type.isAnnotationPresent(MappedSuperclass.class)) {
                continue;
            }
            for (Field field : type.getDeclaredFields()) {
                if (Modifier.isStatic(field.getModifiers()) || Modifier.isTransient(field.getModifiers())
                        || field.isAnnotationPresent(Transient.class)) {
                    continue;
                }
                Column column = field.getAnnotation(Column.class);
                if (column == null) {
                    columns.add(field.getName().toLowerCase(Locale.ROOT));
                } else if (column.insertable()) {
                    columns.add(column.name().isEmpty() ? field.getName().toLowerCase(Locale.ROOT) : column.name());
                }
            }
        }
        return columns;
    }

    /** Every column of the table is known to it, and every NOT NULL column without a default is written. */
    private static void assertRequiredColumnsWritten(Connection connection, EntityInsert<?> insert, String where)
            throws SQLException {
        DatabaseMetaData meta = connection.getMetaData();
        Set<String> table = new HashSet<>();
        Set<String> required = new TreeSet<>();
        for (String name : new String[] {insert.table(), insert.table().toUpperCase(Locale.ROOT)}) {
            try (ResultSet column = meta.getColumns(connection.getCatalog(), connection.getSchema(), name, null)) {
                while (column.next()) {
                    String columnName = column.getString("COLUMN_NAME").toLowerCase(Locale.ROOT);
                    table.add(columnName);
                    String defaulted = column.getString("COLUMN_DEF");
                    boolean generated = "YES".equals(column.getString("IS_AUTOINCREMENT"))
                            || "YES".equals(column.getString("IS_GENERATEDCOLUMN"));
                    if (column.getInt("NULLABLE") == DatabaseMetaData.columnNoNulls && defaulted == null && !generated) {
                        required.add(columnName);
                    }
                }
            }
        }
        assertFalse(table.isEmpty(), where + ": table " + insert.table() + " not found");
        for (String column : insert.columns()) {
            assertTrue(table.contains(column), where + ": no column " + column + " in " + insert.table());
        }
        required.removeAll(insert.columns());
        assertTrue(required.isEmpty(), where + ": required columns not written: " + required);
    }
}
