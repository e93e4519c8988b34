package com.paycore.platform.data;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import jakarta.persistence.AttributeConverter;
import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.ManyToMany;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.MappedSuperclass;
import jakarta.persistence.OneToMany;
import jakarta.persistence.OneToOne;
import jakarta.persistence.Table;
import jakarta.persistence.Transient;
import jakarta.persistence.Version;

/**
 * The INSERT of a new row of an entity written by {@link Jdbc} (the hot path), derived once from the entity's JPA
 * mapping: each column is written once, in its {@code @Column}, and the statement cannot drift from the mapping. The
 * values are what JPA would write for a new row: enumerations as mapped, converted attributes converted, the version
 * 1, and a {@link Timestamped} entity's creation and update times set now.
 */
public final class EntityInsert<E> {

    private final String table;
    private final List<String> columns;
    private final List<Function<Object, Object>> values;
    private final String sql;

    private EntityInsert(String table, List<String> columns, List<Function<Object, Object>> values) {
        this.table = table;
        this.columns = List.copyOf(columns);
        this.values = List.copyOf(values);
        this.sql = "insert into " + table + " (" + String.join(", ", columns) + ") values ("
                + SqlLists.placeholders(columns.size()) + ")";
    }

    /** The insert of {@code entity}'s table: every mapped, insertable column of it and its mapped superclasses. */
    public static <E> EntityInsert<E> of(Class<E> entity) {
        Table table = entity.getAnnotation(Table.class);
        if (table == null || table.name().isEmpty()) {
            throw new IllegalArgumentException(entity.getSimpleName() + " names no table");
        }
        List<String> columns = new ArrayList<>();
        List<Function<Object, Object>> values = new ArrayList<>();
        for (Class<?> type = entity; type != Object.class; type = type.getSuperclass()) {
            for (Field field : type.getDeclaredFields()) {
                if (!persistent(field)) {
                    continue;
                }
                Column column = field.getAnnotation(Column.class);
                if (column != null && !column.insertable()) {
                    continue;
                }
                columns.add(column != null && !column.name().isEmpty() ? column.name() : field.getName().toLowerCase());
                values.add(value(field));
            }
        }
        return new EntityInsert<>(table.name(), columns, values);
    }

    public String table() {
        return table;
    }

    /** The columns in the statement's order. */
    public List<String> columns() {
        return columns;
    }

    public String sql() {
        return sql;
    }

    /** The new row's values, in the order of {@link #columns()}. */
    public Object[] values(E row) {
        if (row instanceof Timestamped timestamped) {
            timestamped.touch();
        }
        Object[] bound = new Object[values.size()];
        for (int i = 0; i < bound.length; i++) {
            bound[i] = values.get(i).apply(row);
        }
        return bound;
    }

    private static boolean persistent(Field field) {
        int modifiers = field.getModifiers();
        if (Modifier.isStatic(modifiers) || Modifier.isTransient(modifiers) || field.isAnnotationPresent(Transient.class)) {
            return false;
        }
        if (field.isAnnotationPresent(OneToMany.class) || field.isAnnotationPresent(ManyToOne.class)
                || field.isAnnotationPresent(OneToOne.class) || field.isAnnotationPresent(ManyToMany.class)) {
            throw new IllegalArgumentException(field + ": relationships are not written by plain JDBC");
        }
        return field.getDeclaringClass().isAnnotationPresent(Entity.class)
                || field.getDeclaringClass().isAnnotationPresent(MappedSuperclass.class)
                || field.isAnnotationPresent(Id.class);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Function<Object, Object> value(Field field) {
        field.setAccessible(true);
        if (field.isAnnotationPresent(Version.class)) {
            return row -> 1L;
        }
        Enumerated enumerated = field.getAnnotation(Enumerated.class);
        if (enumerated != null || field.getType().isEnum()) {
            boolean named = enumerated != null && enumerated.value() == EnumType.STRING;
            return row -> {
                Enum<?> value = (Enum<?>) read(field, row);
                return value == null ? null : named ? value.name() : value.ordinal();
            };
        }
        Convert convert = field.getAnnotation(Convert.class);
        if (convert != null && convert.converter() != void.class) {
            AttributeConverter converter;
            try {
                converter = (AttributeConverter) convert.converter().getDeclaredConstructor().newInstance();
            } catch (ReflectiveOperationException e) {
                throw new IllegalArgumentException(field + ": converter " + convert.converter(), e);
            }
            return row -> converter.convertToDatabaseColumn(read(field, row));
        }
        return row -> read(field, row);
    }

    private static Object read(Field field, Object row) {
        try {
            return field.get(row);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(field.toString(), e);
        }
    }
}
