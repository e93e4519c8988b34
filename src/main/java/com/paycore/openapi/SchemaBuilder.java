package com.paycore.openapi;

import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import jakarta.json.bind.annotation.JsonbProperty;
import jakarta.json.bind.annotation.JsonbTransient;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.models.media.Schema;

/**
 * JSON schemas of the real Java types that requests and answers are bound to, the way JSON-B binds them: record
 * components, or public instance fields of a class, under their JSON-B names. Named types go to
 * components/schemas once (simple name; the enclosing type's name is prefixed on a clash) and are referenced. A
 * property's description, example and required and nullable flags come from its {@code @Schema} annotation;
 * {@code @NotNull} and {@code @NotBlank} make it required, {@code @Size(max)} gives maxLength.
 */
final class SchemaBuilder {

    static final String REF = "#/components/schemas/";

    private final Map<String, Schema> components;
    private final Map<Class<?>, String> names = new LinkedHashMap<>();

    SchemaBuilder(Map<String, Schema> components) {
        this.components = components;
    }

    /** The schema of a property or parameter of the given (possibly generic) type: inline for scalars, else a reference. */
    Schema of(Type type) {
        if (type instanceof ParameterizedType p && p.getRawType() instanceof Class<?> raw) {
            if (Collection.class.isAssignableFrom(raw)) {
                return OASFactory.createSchema().type(Schema.SchemaType.ARRAY).items(of(p.getActualTypeArguments()[0]));
            }
            if (Map.class.isAssignableFrom(raw)) {
                Type value = p.getActualTypeArguments()[1];
                Schema map = OASFactory.createSchema().type(Schema.SchemaType.OBJECT);
                return value == Object.class || value instanceof WildcardType ? map
                        : map.additionalPropertiesSchema(of(value));
            }
            return of(raw);
        }
        if (!(type instanceof Class<?> c)) {
            return OASFactory.createSchema();
        }
        Schema scalar = scalar(c);
        if (scalar != null) {
            return scalar;
        }
        if (c.isArray()) {
            return OASFactory.createSchema().type(Schema.SchemaType.ARRAY).items(of(c.getComponentType()));
        }
        if (JsonObject.class.isAssignableFrom(c) || Map.class.isAssignableFrom(c)) {
            return OASFactory.createSchema().type(Schema.SchemaType.OBJECT);
        }
        if (c == Object.class || JsonValue.class.isAssignableFrom(c)) {
            return OASFactory.createSchema();
        }
        return OASFactory.createSchema().ref(REF + named(c));
    }

    static Schema scalar(Class<?> c) {
        if (c == String.class || c == Character.class || c == char.class) {
            return string(null);
        }
        if (c == UUID.class) {
            return string("uuid");
        }
        if (c == OffsetDateTime.class || c == Instant.class || c == ZonedDateTime.class || c == LocalDateTime.class) {
            return string("date-time");
        }
        if (c == LocalDate.class) {
            return string("date");
        }
        if (c == boolean.class || c == Boolean.class) {
            return OASFactory.createSchema().type(Schema.SchemaType.BOOLEAN);
        }
        if (c == int.class || c == Integer.class || c == short.class || c == Short.class) {
            return OASFactory.createSchema().type(Schema.SchemaType.INTEGER).format("int32");
        }
        if (c == long.class || c == Long.class || c == BigInteger.class) {
            return OASFactory.createSchema().type(Schema.SchemaType.INTEGER).format("int64");
        }
        if (c == BigDecimal.class || c == double.class || c == Double.class || c == float.class || c == Float.class) {
            return OASFactory.createSchema().type(Schema.SchemaType.NUMBER);
        }
        if (c.isEnum()) {
            return string(null).enumeration(Arrays.stream(c.getEnumConstants()).map(e -> (Object) ((Enum<?>) e).name()).toList());
        }
        return null;
    }

    static Schema string(String format) {
        Schema s = OASFactory.createSchema().type(Schema.SchemaType.STRING);
        return format == null ? s : s.format(format);
    }

    /** The components name of a named type, its schema built on first use. */
    String named(Class<?> type) {
        String known = names.get(type);
        if (known != null) {
            return known;
        }
        String name = type.getSimpleName();
        if (names.containsValue(name) || components.containsKey(name)) {
            name = type.getEnclosingClass() == null ? type.getName().replace('.', '_')
                    : type.getEnclosingClass().getSimpleName() + name;
        }
        names.put(type, name);
        Schema schema = OASFactory.createSchema().type(Schema.SchemaType.OBJECT);
        components.put(name, schema);
        describe(type, schema);
        return name;
    }

    /** Adds the type's JSON properties to the object schema, in declaration order. */
    void describe(Type type, Schema object) {
        List<String> required = new ArrayList<>(object.getRequired() == null ? List.of() : object.getRequired());
        for (Property p : properties(type)) {
            Schema s = of(declared(p));
            annotate(s, p.element());
            object.addProperty(p.name(), s);
            if (required(p.element()) && !required.contains(p.name())) {
                required.add(p.name());
            }
        }
        if (!required.isEmpty()) {
            object.setRequired(required);
        }
        org.eclipse.microprofile.openapi.annotations.media.Schema doc =
                raw(type).getAnnotation(org.eclipse.microprofile.openapi.annotations.media.Schema.class);
        if (doc != null && !doc.description().isEmpty()) {
            object.setDescription(doc.description());
        }
    }

    static Class<?> raw(Type type) {
        return type instanceof ParameterizedType p ? (Class<?>) p.getRawType() : (Class<?>) type;
    }

    /** The example of one property: its {@code @Schema(example)}, else one assembled from its type; null if none. */
    Object exampleOf(Property p, int depth) {
        org.eclipse.microprofile.openapi.annotations.media.Schema doc = p.element()
                .getAnnotation(org.eclipse.microprofile.openapi.annotations.media.Schema.class);
        if (doc != null && !doc.example().isEmpty()) {
            return exampleValue(p.type(), doc.example());
        }
        if (p.type() instanceof ParameterizedType list && list.getRawType() instanceof Class<?> raw
                && Collection.class.isAssignableFrom(raw) && list.getActualTypeArguments()[0] instanceof Class<?> item) {
            Object entry = example(item, depth + 1);
            return entry == null ? null : List.of(entry);
        }
        return declared(p) instanceof Class<?> c && !c.isArray() && !Collection.class.isAssignableFrom(c)
                && !Map.class.isAssignableFrom(c) ? example(c, depth) : null;
    }

    /** The property's type, or the type its {@code @Schema(implementation)} documents it as (a JSON object read raw). */
    static Type declared(Property p) {
        org.eclipse.microprofile.openapi.annotations.media.Schema doc =
                p.element().getAnnotation(org.eclipse.microprofile.openapi.annotations.media.Schema.class);
        return doc != null && doc.implementation() != Void.class ? doc.implementation() : p.type();
    }

    /** An example object assembled from the properties' examples (nested objects included), or null. */
    Object example(Class<?> type, int depth) {
        if (depth > 3 || scalar(type) != null) {
            return null;
        }
        Map<String, Object> example = new LinkedHashMap<>();
        for (Property p : properties(type)) {
            org.eclipse.microprofile.openapi.annotations.media.Schema doc = p.element()
                    .getAnnotation(org.eclipse.microprofile.openapi.annotations.media.Schema.class);
            if (doc != null && !doc.example().isEmpty()) {
                example.put(p.name(), exampleValue(p.type(), doc.example()));
            } else if (declared(p) instanceof Class<?> c && scalar(c) == null && !c.isArray()
                    && !Collection.class.isAssignableFrom(c) && !Map.class.isAssignableFrom(c)) {
                Object nested = example(c, depth + 1);
                if (nested != null) {
                    example.put(p.name(), nested);
                }
            } else if (p.type() instanceof ParameterizedType list && list.getRawType() instanceof Class<?> raw
                    && Collection.class.isAssignableFrom(raw)
                    && list.getActualTypeArguments()[0] instanceof Class<?> item && scalar(item) == null) {
                Object nested = example(item, depth + 1);
                if (nested != null) {
                    example.put(p.name(), List.of(nested));
                }
            }
        }
        return example.isEmpty() ? null : example;
    }

    static Object exampleValue(Type type, String text) {
        if (type != String.class && (text.startsWith("{") || text.startsWith("["))) {
            return ApiDocumentFilter.parsed(text);
        }
        if (type == BigDecimal.class) {
            return new BigDecimal(text);
        }
        if (type == int.class || type == Integer.class) {
            return Integer.valueOf(text);
        }
        if (type == long.class || type == Long.class) {
            return Long.valueOf(text);
        }
        if (type == boolean.class || type == Boolean.class) {
            return Boolean.valueOf(text);
        }
        if (type instanceof ParameterizedType p && p.getRawType() instanceof Class<?> raw
                && Collection.class.isAssignableFrom(raw)) {
            return Arrays.stream(text.split(",")).map(String::trim).toList();
        }
        return text;
    }

    static void annotate(Schema s, AnnotatedElement element) {
        org.eclipse.microprofile.openapi.annotations.media.Schema doc =
                element.getAnnotation(org.eclipse.microprofile.openapi.annotations.media.Schema.class);
        Size size = element.getAnnotation(Size.class);
        boolean inline = s.getRef() == null;
        if (doc != null && !doc.description().isEmpty()) {
            if (inline) {
                s.setDescription(doc.description());
            } else {
                // A $ref takes no siblings in OpenAPI 3.0: wrap it.
                String ref = s.getRef();
                s.setRef(null);
                s.setAllOf(List.of(OASFactory.createSchema().ref(ref)));
                s.setDescription(doc.description());
            }
        }
        if (doc != null && !doc.example().isEmpty() && inline && s.getType() != Schema.SchemaType.ARRAY) {
            s.setExample(exampleValue(element instanceof Field f ? f.getGenericType() : String.class, doc.example()));
        }
        if (doc != null && doc.nullable() && inline) {
            s.setNullable(true);
        }
        if (doc != null && doc.enumeration().length > 0 && inline) {
            s.setEnumeration(List.of((Object[]) doc.enumeration()));
        }
        if (size != null && inline && s.getType() == Schema.SchemaType.STRING && size.max() < Integer.MAX_VALUE) {
            s.setMaxLength(size.max());
        }
    }

    static boolean required(AnnotatedElement element) {
        org.eclipse.microprofile.openapi.annotations.media.Schema doc =
                element.getAnnotation(org.eclipse.microprofile.openapi.annotations.media.Schema.class);
        return element.isAnnotationPresent(NotNull.class) || element.isAnnotationPresent(NotBlank.class)
                || (doc != null && doc.required());
    }

    record Property(String name, Type type, AnnotatedElement element) {
    }

    /** The JSON properties JSON-B reads and writes: record components, else public non-static fields. */
    static List<Property> properties(Type generic) {
        Class<?> type = raw(generic);
        Map<TypeVariable<?>, Type> arguments = new LinkedHashMap<>();
        if (generic instanceof ParameterizedType p) {
            for (int i = 0; i < type.getTypeParameters().length; i++) {
                arguments.put(type.getTypeParameters()[i], p.getActualTypeArguments()[i]);
            }
        }
        List<Property> properties = new ArrayList<>();
        if (type.isRecord()) {
            for (RecordComponent c : type.getRecordComponents()) {
                AnnotatedElement element = field(type, c.getName());
                if (!element.isAnnotationPresent(JsonbTransient.class)
                        && !c.getAccessor().isAnnotationPresent(JsonbTransient.class)) {
                    properties.add(new Property(jsonName(c.getName(), element, c),
                            resolved(c.getGenericType(), arguments), element));
                }
            }
            return properties;
        }
        for (Class<?> t = type; t != null && t != Object.class; t = t.getSuperclass()) {
            List<Property> own = new ArrayList<>();
            for (Field f : t.getDeclaredFields()) {
                int m = f.getModifiers();
                if (Modifier.isPublic(m) && !Modifier.isStatic(m) && !f.isAnnotationPresent(JsonbTransient.class)) {
                    own.add(new Property(jsonName(f.getName(), f, f), f.getGenericType(), f));
                }
            }
            properties.addAll(0, own);
        }
        return properties;
    }

    /** The type with the type arguments of a generic answer ({@code Entries<E>}, ...) put in for its variables. */
    static Type resolved(Type type, Map<TypeVariable<?>, Type> arguments) {
        if (type instanceof TypeVariable<?> v && arguments.containsKey(v)) {
            return arguments.get(v);
        }
        if (type instanceof ParameterizedType p && !arguments.isEmpty()) {
            Type[] actual = Arrays.stream(p.getActualTypeArguments()).map(a -> resolved(a, arguments)).toArray(Type[]::new);
            return new ParameterizedType() {
                @Override
                public Type[] getActualTypeArguments() {
                    return actual.clone();
                }

                @Override
                public Type getRawType() {
                    return p.getRawType();
                }

                @Override
                public Type getOwnerType() {
                    return p.getOwnerType();
                }

                @Override
                public String toString() {
                    return p.getRawType().getTypeName() + Arrays.stream(actual).map(Type::getTypeName)
                            .collect(java.util.stream.Collectors.joining(", ", "<", ">"));
                }
            };
        }
        return type;
    }

    private static AnnotatedElement field(Class<?> type, String name) {
        try {
            return type.getDeclaredField(name);
        } catch (NoSuchFieldException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String jsonName(String javaName, AnnotatedElement... elements) {
        for (AnnotatedElement e : elements) {
            JsonbProperty p = e.getAnnotation(JsonbProperty.class);
            if (p != null && !p.value().isEmpty()) {
                return p.value();
            }
        }
        return javaName;
    }
}
