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
import java.util.regex.Pattern;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.MappedSuperclass;
import jakarta.persistence.Transient;

/**
 * Every plain-JDBC statement of the application against a schema Liquibase made (docs/ARCHITECTURE.md, "SQL"): each
 * non-private {@code static final String} of a {@code com.paycore} class that reads as SQL (private ones are parts of
 * statements) and each {@link EntityInsert}. The database parses and describes each one (a renamed or dropped column
 * or table fails), and each insert's columns are the entity's JPA mapping ({@code @Column} names, read here on their
 * own) and include every column the table requires. A constant named {@code ..._POSTGRES} or {@code ..._H2} is for
 * that database only. Run on H2 by {@code RowsStatementsTest}, on PostgreSQL by the PlainJdbc integration scenario.
 * {@link InlineSqlTest} keeps the statements in such constants.
 */
public final class RowsStatements {

    private RowsStatements() {
    }

    /** SQL, not JPQL nor prose: a statement's start, and no entity (a capitalised name and its alias) after FROM. */
    private static final Pattern SQL = Pattern.compile(
            "(?is)\\s*(select\\s|insert\\s+into\\s|update\\s+\\w+\\s+set\\s|delete\\s+from\\s|with\\s+\\w+\\s+as\\s*\\().*");
    private static final Pattern JPQL = Pattern.compile("(?s).*\\b(?i:from|update|into)\\s+[A-Z]\\w*\\s+[a-z]\\w*\\b.*");

    /** Whether a string reads as an SQL statement (JPQL does not). */
    public static boolean readsAsSql(String text) {
        return SQL.matcher(text).matches() && !JPQL.matcher(text).matches();
    }

    /** The classes of the compiled application. */
    public static List<Class<?>> applicationClasses() {
        List<Class<?>> found = new ArrayList<>();
        new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("com.paycore").forEach(type -> found.add(type.reflect()));
        return found;
    }

    /** Checks every statement; answers the names of those it checked. */
    public static List<String> check(Connection connection) throws Exception {
        String dialect = connection.getMetaData().getDatabaseProductName().toLowerCase(Locale.ROOT).contains("postgres")
                ? "_H2" : "_POSTGRES"; // the suffix of the other database's statements
        List<String> checked = new ArrayList<>();
        for (Class<?> type : applicationClasses()) {
            for (Field field : type.getDeclaredFields()) {
                int modifiers = field.getModifiers();
                if (!Modifier.isStatic(modifiers) || !Modifier.isFinal(modifiers) || Modifier.isPrivate(modifiers)
                        || field.getName().endsWith(dialect)
                        || field.getType() != String.class && field.getType() != EntityInsert.class) {
                    continue;
                }
                field.setAccessible(true);
                Object value = field.get(null);
                String where = type.getName().replace("com.paycore.", "") + "." + field.getName();
                if (value instanceof String sql && readsAsSql(sql)) {
                    parse(connection, sql.replace("%d", "1").replace("%s", "?"), where); // a count, a list of parameters
                    checked.add(where);
                } else if (value instanceof EntityInsert<?> insert) {
                    parse(connection, insert.sql(), where);
                    assertEquals(mapped(entity(field)), insert.columns(), where + ": the entity's mapped columns");
                    assertRequiredColumnsWritten(connection, insert, where);
                    checked.add(where);
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
