package com.paycore.platform.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

import jakarta.enterprise.event.Observes;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.MappedSuperclass;
import jakarta.persistence.Transient;

import com.paycore.CompiledClasses;

/**
 * Every plain-JDBC statement of the application against a schema Liquibase made (docs/ARCHITECTURE.md, "SQL"): each
 * non-private {@code static final String} of a {@code com.paycore} class that reads as SQL (private ones are parts of
 * statements) and each {@link EntityInsert}. The database parses and describes each one (a renamed or dropped column
 * or table fails), and each insert's columns are the entity's JPA mapping ({@code @Column} names, read here on their
 * own) and include every column the table requires. A constant named {@code ..._POSTGRES} or {@code ..._H2} is for
 * that database only. The statements assembled at run time are checked as built from each input the application
 * gives them ({@link #assembled}), and each route's read joined to the API key's check. Run on H2 by
 * {@code RowsStatementsTest}, on PostgreSQL by the PlainJdbc integration scenario.
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

    /** Checks every statement, the constants and the assembled ones; answers the names of those it checked. */
    public static List<String> check(Connection connection) throws Exception {
        boolean postgres = connection.getMetaData().getDatabaseProductName().toLowerCase(Locale.ROOT).contains("postgres");
        String dialect = postgres ? "_H2" : "_POSTGRES"; // the suffix of the other database's statements
        List<String> checked = new ArrayList<>();
        List<Class<?>> classes = CompiledClasses.loaded();
        for (Class<?> type : classes) {
            for (Field field : type.getDeclaredFields()) {
                int modifiers = field.getModifiers();
                if (!Modifier.isStatic(modifiers) || !Modifier.isFinal(modifiers)) {
                    continue;
                }
                String where = type.getName().replace("com.paycore.", "") + "." + field.getName();
                if (field.getType().getName().equals(KEYED_READ)) { // a route's read joined to the key's check
                    field.setAccessible(true);
                    parse(connection, (String) value(field.getType(), field.get(null), "sql"), where);
                    checked.add(where);
                    continue;
                }
                if (Modifier.isPrivate(modifiers) || field.getName().endsWith(dialect)
                        || field.getType() != String.class && field.getType() != EntityInsert.class) {
                    continue;
                }
                field.setAccessible(true);
                Object value = field.get(null);
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
        for (Map.Entry<String, String> statement : assembled(classes, postgres).entrySet()) {
            parse(connection, statement.getValue(), statement.getKey());
            checked.add(statement.getKey());
        }
        return checked;
    }

    /** A route's read joined to the API key's check, its statement assembled from its parts: private ones too. */
    private static final String KEYED_READ = "com.paycore.access.ProjectCaller$KeyedRead";

    /**
     * The statements built at run time, each from every input the application gives it (two for a count of rows or
     * parameters): each {@code *Rows} class's static methods of counts ({@code name(2)}: the erasures' updates among
     * them), the retention job's delete of every kind the features declare, the master-key rewrap's select and update
     * of every sealed column they declare, and the report sync's copy in the database's dialect (with and without its
     * lower bound), and its additions to each hourly rollup.
     */
    static Map<String, String> assembled(List<Class<?>> classes, boolean postgres) throws Exception {
        Map<String, String> statements = new LinkedHashMap<>();
        for (Class<?> type : classes) {
            if (!type.getSimpleName().endsWith("Rows")) {
                continue;
            }
            for (Method method : type.getDeclaredMethods()) {
                if (Modifier.isStatic(method.getModifiers()) && method.getReturnType() == String.class
                        && method.getParameterCount() > 0
                        && Arrays.stream(method.getParameterTypes()).allMatch(p -> p == int.class)) {
                    method.setAccessible(true);
                    Object[] twos = new Object[method.getParameterCount()];
                    Arrays.fill(twos, 2);
                    statements.put(name(type) + "." + method.getName() + "(2)", (String) method.invoke(null, twos));
                }
            }
        }
        Class<?> retentionJob = type("retention.RetentionJob");
        Class<?> kind = type("retention.Retention$Kind");
        for (Object declared : declared(classes, type("retention.Retention"))) {
            statements.put("retention.RetentionJob.deleteSql(" + value(kind, declared, "name") + ")",
                    (String) invoke(retentionJob, "deleteSql", new Class<?>[] {kind, int.class, boolean.class, List.class},
                            declared, 2, postgres, new ArrayList<String>()));
        }
        Class<?> rewrap = type("secret.MasterKeyRewrap");
        Class<?> column = type("secret.SecretColumns$Column");
        for (Object declared : declared(classes, type("secret.SecretColumns"))) {
            String named = value(column, declared, "table") + "." + value(column, declared, "column");
            statements.put("secret.MasterKeyRewrap.select(" + named + ")",
                    (String) invoke(rewrap, "select", new Class<?>[] {column}, declared));
            statements.put("secret.MasterKeyRewrap.update(" + named + ")",
                    (String) invoke(rewrap, "update", new Class<?>[] {column}, declared));
        }
        Class<?> reportDialect = type("report.Dialect");
        Object dialect = reportDialect.getEnumConstants()[Arrays.asList("POSTGRESQL", "H2")
                .indexOf(postgres ? "POSTGRESQL" : "H2")];
        for (boolean since : new boolean[] {false, true}) {
            statements.put("report.ReportFactRows.addEvents(" + since + ")", (String) invoke(type("report.ReportFactRows"),
                    "addEvents", new Class<?>[] {reportDialect, boolean.class}, dialect, since));
        }
        Class<?> rollup = type("report.ReportHours$Table");
        for (Object table : rollup.getEnumConstants()) {
            statements.put("report.ReportFactRows.addHours(" + table + ")", (String) invoke(type("report.ReportFactRows"),
                    "addHours", new Class<?>[] {reportDialect, rollup}, dialect, table));
        }
        return statements;
    }

    /**
     * What the features declare when asked by a CDI event of {@code declaration}'s type: each observer method (a
     * parameter of that type annotated {@code @Observes}) called on a bare instance of its class, then the
     * declaration's {@code all()}.
     */
    private static List<?> declared(List<Class<?>> classes, Class<?> declaration) throws Exception {
        Constructor<?> made = declaration.getDeclaredConstructor();
        made.setAccessible(true);
        Object asked = made.newInstance();
        int observers = 0;
        for (Class<?> type : classes) {
            for (Method method : type.getDeclaredMethods()) {
                if (method.getParameterCount() == 1 && method.getParameterTypes()[0] == declaration
                        && method.getParameters()[0].isAnnotationPresent(Observes.class)) {
                    Constructor<?> constructor = type.getDeclaredConstructor();
                    constructor.setAccessible(true);
                    method.setAccessible(true);
                    method.invoke(constructor.newInstance(), asked);
                    observers++;
                }
            }
        }
        assertTrue(observers > 0, "no observer of " + declaration.getName());
        Method all = declaration.getDeclaredMethod("all");
        all.setAccessible(true);
        return (List<?>) all.invoke(asked);
    }

    private static Class<?> type(String name) {
        try {
            return Class.forName("com.paycore." + name);
        } catch (ClassNotFoundException e) {
            throw new AssertionError("the application has no " + name, e);
        }
    }

    private static String name(Class<?> type) {
        return type.getName().replace("com.paycore.", "");
    }

    private static Object value(Class<?> type, Object instance, String field) throws Exception {
        Field read = type.getDeclaredField(field);
        read.setAccessible(true);
        return read.get(instance);
    }

    private static Object invoke(Class<?> type, String method, Class<?>[] parameters, Object... arguments)
            throws Exception {
        Method called = type.getDeclaredMethod(method, parameters);
        called.setAccessible(true);
        return called.invoke(null, arguments);
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
        return (Class<?>) ((ParameterizedType) field.getGenericType()).getActualTypeArguments()[0];
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
