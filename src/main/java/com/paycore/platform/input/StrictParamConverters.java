package com.paycore.platform.input;

import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.UUID;
import java.util.function.Function;

import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.ext.ParamConverter;
import jakarta.ws.rs.ext.ParamConverterProvider;
import jakarta.ws.rs.ext.Provider;

import com.paycore.platform.web.AppException;
import com.paycore.platform.web.ErrorCode;

/**
 * Path and query parameters that do not parse answer 400 naming the parameter (JAX-RS would answer 404,
 * and {@code Boolean.valueOf} would read any word as false).
 */
@Provider
public class StrictParamConverters implements ParamConverterProvider {

    @Override
    @SuppressWarnings("unchecked")
    public <T> ParamConverter<T> getConverter(Class<T> rawType, Type genericType, Annotation[] annotations) {
        String name = nameOf(annotations);
        if (rawType == UUID.class) {
            return (ParamConverter<T>) converter(name, UUID.class, v -> {
                try {
                    return Ids.parse(v);
                } catch (IllegalArgumentException e) {
                    throw new AppException(ErrorCode.MALFORMED_ID, name);
                }
            });
        }
        if (rawType == Boolean.class) {
            return (ParamConverter<T>) converter(name, Boolean.class, v -> switch (v.toLowerCase()) {
                case "true" -> Boolean.TRUE;
                case "false" -> Boolean.FALSE;
                default -> throw new AppException(ErrorCode.INVALID_PARAMETER, name, "expected true or false");
            });
        }
        if (rawType == Integer.class) {
            return (ParamConverter<T>) converter(name, Integer.class, v -> {
                try {
                    return Integer.valueOf(v.trim());
                } catch (NumberFormatException e) {
                    throw new AppException(ErrorCode.INVALID_PARAMETER, name, "expected a whole number");
                }
            });
        }
        if (rawType == OffsetDateTime.class) {
            return (ParamConverter<T>) converter(name, OffsetDateTime.class, v -> {
                try {
                    return Times.parse(v);
                } catch (DateTimeParseException e) {
                    throw new AppException(ErrorCode.INVALID_PARAMETER, name, "expected an ISO 8601 date-time");
                }
            });
        }
        return null;
    }

    private static String nameOf(Annotation[] annotations) {
        for (Annotation a : annotations) {
            if (a instanceof QueryParam q) {
                return q.value();
            }
            if (a instanceof PathParam p) {
                return p.value();
            }
        }
        return "parameter";
    }

    private static <T> ParamConverter<T> converter(String name, Class<T> type, Function<String, T> parse) {
        return new ParamConverter<>() {
            @Override
            public T fromString(String value) {
                if (value == null || value.isBlank()) {
                    return null;
                }
                return parse.apply(value.trim());
            }

            @Override
            public String toString(T value) {
                return String.valueOf(value);
            }
        };
    }
}
