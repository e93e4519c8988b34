package com.paycore.platform.web;

import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import jakarta.json.bind.JsonbConfig;
import jakarta.json.bind.JsonbException;
import jakarta.json.bind.serializer.DeserializationContext;
import jakarta.json.bind.serializer.JsonbDeserializer;
import jakarta.json.spi.JsonProvider;
import jakarta.json.stream.JsonParser;
import jakarta.ws.rs.ext.ContextResolver;
import jakarta.ws.rs.ext.Provider;

/**
 * JSON binding that refuses values of the wrong JSON type (the default one reads "maybe" as false and "12"
 * as 12): booleans must be true/false, numbers must be numbers, strings must be strings.
 * <p>
 * It also writes null-valued properties as {@code null} instead of leaving them out: DESIGN.md lists the fields of
 * each answer (a key entry's {@code deactivationDate}, a user's {@code firstName}, ...) and clients rely on them being
 * there. The envelope's own fields are not affected: {@link Envelope} writes only the fields an operation adds.
 */
@Provider
public class StrictJson implements ContextResolver<Jsonb> {

    private static final Jsonb JSONB = JsonbBuilder.create(new JsonbConfig().withNullValues(true).withDeserializers(
            new Strict<Boolean>() {
                @Override
                Boolean read(JsonValue value) {
                    return switch (value.getValueType()) {
                        case TRUE -> Boolean.TRUE;
                        case FALSE -> Boolean.FALSE;
                        default -> throw wrong("true or false");
                    };
                }
            },
            new Strict<Integer>() {
                @Override
                Integer read(JsonValue value) {
                    if (!(value instanceof JsonNumber number) || !number.isIntegral()) {
                        throw wrong("a whole number");
                    }
                    try {
                        return number.intValueExact();
                    } catch (ArithmeticException e) {
                        throw wrong("a whole number in range");
                    }
                }
            },
            new Strict<BigDecimal>() {
                @Override
                BigDecimal read(JsonValue value) {
                    if (!(value instanceof JsonNumber number)) {
                        throw wrong("a number");
                    }
                    return number.bigDecimalValue();
                }
            },
            new Strict<String>() {
                @Override
                String read(JsonValue value) {
                    if (!(value instanceof JsonString string)) {
                        throw wrong("a string");
                    }
                    return string.getString();
                }
            },
            // The default reads a JSON array as a list of map entries (so ["a","b"] became a map with null labels).
            new Strict<Map<String, String>>() {
                @Override
                Map<String, String> read(JsonValue value) {
                    if (!(value instanceof JsonObject object)) {
                        throw wrong("an object of strings");
                    }
                    Map<String, String> map = new LinkedHashMap<>();
                    object.forEach((name, v) -> {
                        if (v.getValueType() != JsonValue.ValueType.NULL && !(v instanceof JsonString)) {
                            throw wrong("an object of strings");
                        }
                        map.put(name, v instanceof JsonString string ? string.getString() : null);
                    });
                    return map;
                }
            }));

    @Override
    public Jsonb getContext(Class<?> type) {
        return JSONB;
    }

    public static Jsonb jsonb() {
        return JSONB;
    }

    /**
     * The JSON-P provider, looked up once: every {@code Json.createParser/createReader/createObjectBuilder} call runs
     * {@code JsonProvider.provider()}, a ServiceLoader walk of the class loaders that the hot-path profile found in
     * the request path (docs/PERFORMANCE.md). Code on a request path uses this one.
     */
    public static JsonProvider json() {
        return JSON_P;
    }

    private static final JsonProvider JSON_P = JsonProvider.provider();

    private abstract static class Strict<T> implements JsonbDeserializer<T> {
        abstract T read(JsonValue value);

        @Override
        public T deserialize(JsonParser parser, DeserializationContext ctx, Type rtType) {
            JsonValue value = parser.getValue();
            return value.getValueType() == JsonValue.ValueType.NULL ? null : read(value);
        }

        static JsonbException wrong(String expected) {
            return new JsonbException("expected " + expected);
        }
    }
}
