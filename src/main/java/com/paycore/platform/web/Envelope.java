package com.paycore.platform.web;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.net.URI;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

import jakarta.json.bind.annotation.JsonbProperty;
import jakarta.json.bind.annotation.JsonbTypeSerializer;
import jakarta.json.bind.serializer.JsonbSerializer;
import jakarta.json.bind.serializer.SerializationContext;
import jakarta.json.stream.JsonGenerator;
import jakarta.ws.rs.core.Response;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The response envelope of every operation: {@code success}, numeric {@code code} and {@code errorMessage}
 * (always present, null on success), then only the fields the operation adds. What an operation adds is its
 * response type {@code T}, a record: its components follow the envelope's own fields, in declaration order, null
 * ones written as {@code null} (DESIGN.md section 3): {@link Entries} on lists, {@link Entry} on single reads, a
 * record starting with {@code id} on creates, a feature's own response record on the others.
 */
@JsonbTypeSerializer(Envelope.Serializer.class)
public final class Envelope<T extends Record> {

    private final boolean success;
    private final int code;
    private final String errorMessage;
    private final T body;

    private Envelope(boolean success, int code, String errorMessage, T body) {
        this.success = success;
        this.code = code;
        this.errorMessage = errorMessage;
        this.body = body;
    }

    /** The bare envelope of a success that adds nothing. */
    public static Envelope<Record> ok() {
        return new Envelope<>(true, 200, null, null);
    }

    /** A success adding the components of {@code body} after the envelope's own fields. */
    public static <T extends Record> Envelope<T> ok(T body) {
        return new Envelope<>(true, 200, null, body);
    }

    public static Envelope<Record> error(int httpStatus, String message) {
        return new Envelope<>(false, ErrorCode.envelopeCode(httpStatus), message, null);
    }

    /** A list: {@code entries}, never null. */
    public static <E> Envelope<Entries<E>> list(List<E> entries) {
        return ok(new Entries<>(entries == null ? List.of() : entries));
    }

    /** A single read: {@code entry}. */
    public static <E> Envelope<Entry<E>> entry(E entry) {
        return ok(new Entry<>(entry));
    }

    /** 201 with the new id in the envelope and in {@code Location}. */
    public static Response created(URI collection, UUID id) {
        return created(collection, new Created(id));
    }

    /** 201 with the create's answer (its first component is the new {@code id}) and the new id in {@code Location}. */
    public static <T extends Record & Identified> Response created(URI collection, T body) {
        return Response.created(URI.create(collection.toString().replaceAll("/$", "") + "/" + body.id()))
                .entity(ok(body)).build();
    }

    public boolean success() {
        return success;
    }

    public int code() {
        return code;
    }

    public String errorMessage() {
        return errorMessage;
    }

    /** What the operation adds: null for the bare envelope and for errors. */
    public T body() {
        return body;
    }

    /** A create's answer: the new id comes first and goes into {@code Location}. */
    public interface Identified {
        UUID id();
    }

    /** The answer of a create that adds nothing but the new id. */
    public record Created(@Schema(description = CREATED_ID, required = true) UUID id) implements Identified {
    }

    /** How the OpenAPI document describes a create's {@code id}. */
    public static final String CREATED_ID = "The id of what was created";

    /** How the OpenAPI document describes a report's {@code total}. */
    public static final String TOTAL = "Rows matching, not only those on this page";

    /** The answer of a list. */
    public record Entries<E>(@Schema(required = true) List<E> entries) {
    }

    /** The answer of a single read. */
    public record Entry<E>(E entry) {
    }

    @SuppressWarnings("rawtypes")
    public static final class Serializer implements JsonbSerializer<Envelope> {

        /** The JSON names and accessors of a response record's components, in declaration order. */
        private static final ClassValue<List<Component>> COMPONENTS = new ClassValue<>() {
            @Override
            protected List<Component> computeValue(Class<?> type) {
                return Arrays.stream(type.getRecordComponents()).map(Component::of).toList();
            }
        };

        @Override
        public void serialize(Envelope raw, JsonGenerator json, SerializationContext ctx) {
            Envelope<?> envelope = raw;
            json.writeStartObject();
            json.write("success", envelope.success);
            json.write("code", envelope.code);
            if (envelope.errorMessage == null) {
                json.writeNull("errorMessage");
            } else {
                json.write("errorMessage", envelope.errorMessage);
            }
            if (envelope.body != null) {
                for (Component c : COMPONENTS.get(envelope.body.getClass())) {
                    field(c.name(), c.value(envelope.body), json, ctx);
                }
            }
            json.writeEnd();
        }

        private static void field(String name, Object value, JsonGenerator json, SerializationContext ctx) {
            if (value == null) {
                json.writeNull(name);
            } else {
                ctx.serialize(name, value, json);
            }
        }
    }

    private record Component(String name, Method accessor) {

        static Component of(RecordComponent c) {
            JsonbProperty renamed = c.getAccessor().getAnnotation(JsonbProperty.class);
            Method accessor = c.getAccessor();
            accessor.setAccessible(true);
            return new Component(renamed == null || renamed.value().isEmpty() ? c.getName() : renamed.value(), accessor);
        }

        Object value(Object record) {
            try {
                return accessor.invoke(record);
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            } catch (InvocationTargetException e) {
                throw new IllegalStateException(e.getCause());
            }
        }
    }
}
