package com.paycore.platform.web;

import java.net.URI;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.json.bind.annotation.JsonbTypeSerializer;
import jakarta.json.bind.serializer.JsonbSerializer;
import jakarta.json.bind.serializer.SerializationContext;
import jakarta.json.stream.JsonGenerator;
import jakarta.ws.rs.core.Response;

/**
 * The response envelope of every operation: {@code success}, numeric {@code code} and {@code errorMessage}
 * (always present, null on success), then only the fields the operation adds, in the order added:
 * {@code entries} on lists, {@code id} on creates, {@code entry} on single reads, {@code total} on reports.
 */
@JsonbTypeSerializer(Envelope.Serializer.class)
public final class Envelope {

    private final boolean success;
    private final int code;
    private final String errorMessage;
    private final Map<String, Object> fields = new LinkedHashMap<>();

    private Envelope(boolean success, int code, String errorMessage) {
        this.success = success;
        this.code = code;
        this.errorMessage = errorMessage;
    }

    public static Envelope ok() {
        return new Envelope(true, 200, null);
    }

    public static Envelope error(int httpStatus, String message) {
        return new Envelope(false, ErrorCode.envelopeCode(httpStatus), message);
    }

    public static Envelope list(List<?> entries) {
        return ok().with("entries", entries == null ? List.of() : entries);
    }

    public static Envelope entry(Object entry) {
        return ok().with("entry", entry);
    }

    /** 201 with the new id in the envelope and in {@code Location}. */
    public static Response created(URI collection, UUID id) {
        return created(collection, id, ok());
    }

    /** 201 with the new id first, then the fields the given envelope carries (what a create's answer adds). */
    public static Response created(URI collection, UUID id, Envelope more) {
        Envelope envelope = ok().with("id", id);
        envelope.fields.putAll(more.fields);
        return Response.created(URI.create(collection.toString().replaceAll("/$", "") + "/" + id))
                .entity(envelope).build();
    }

    public Envelope with(String name, Object value) {
        fields.put(name, value);
        return this;
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

    public Map<String, Object> fields() {
        return Collections.unmodifiableMap(fields);
    }

    public static final class Serializer implements JsonbSerializer<Envelope> {
        @Override
        public void serialize(Envelope envelope, JsonGenerator json, SerializationContext ctx) {
            json.writeStartObject();
            json.write("success", envelope.success);
            json.write("code", envelope.code);
            if (envelope.errorMessage == null) {
                json.writeNull("errorMessage");
            } else {
                json.write("errorMessage", envelope.errorMessage);
            }
            envelope.fields.forEach((name, value) -> {
                if (value == null) {
                    json.writeNull(name);
                } else {
                    ctx.serialize(name, value, json);
                }
            });
            json.writeEnd();
        }
    }

}
