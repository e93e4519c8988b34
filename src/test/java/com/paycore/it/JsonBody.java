package com.paycore.it;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.restassured.path.json.JsonPath;
import io.restassured.path.json.config.JsonPathConfig;
import io.restassured.path.json.config.JsonPathConfig.NumberReturnType;
import io.restassured.response.Response;

/**
 * A JSON body read by path, with the answers of REST Assured's {@link JsonPath} (its default number types: integers
 * as Integer, Long or BigInteger, decimals as Float or Double; a name on a list collects it from each element, null
 * elements left out; an index may count from the end; its conversions in getInt and getLong) for the paths the
 * scenarios read: names and indexes, such as {@code entry.id}, {@code entries.id} or {@code entries[0].id}. Those are
 * read with Jackson; any other path (a Groovy expression) and the object mapping go to {@link JsonPath}, which
 * compiles a Groovy script for every read: on every path, that took most of the test JVM's CPU in a profiled run.
 * One difference: a map or list read as a string is written as Java writes it, not as Groovy does.
 * {@code JsonBodyTest} holds the two to the same answers.
 */
final class JsonBody {

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);
    private static final Pattern STEP = Pattern.compile("([A-Za-z_$][\\w$]*)?(?:\\[(-?\\d+)])?");
    private static final Pattern SIMPLE = Pattern.compile(
            "[A-Za-z_$][\\w$]*(\\[-?\\d+])?(\\.[A-Za-z_$][\\w$]*(\\[-?\\d+])?)*");

    private static final Object UNREAD = new Object();

    private final boolean exact;
    private String body;
    private Object root;

    private JsonBody(String body, Object root, boolean exact) {
        this.body = body;
        this.root = root;
        this.exact = exact;
    }

    static JsonBody of(String body) {
        return new JsonBody(body, UNREAD, false);
    }

    static JsonBody of(Response response) {
        return of(response.asString());
    }

    /** The same body with its decimals as BigDecimal, scale included (JsonPath's BIG_DECIMAL number type). */
    JsonBody exact() {
        return new JsonBody(body(), UNREAD, true);
    }

    /** The value at the path as a body of its own: its paths start there. */
    JsonBody at(String path) {
        return new JsonBody(null, get(path), exact);
    }

    @SuppressWarnings("unchecked")
    <T> T get(String path) {
        if (path.isEmpty() || path.equals("$")) {
            return (T) root();
        }
        if (!SIMPLE.matcher(path).matches()) {
            return jsonPath().get(path);
        }
        Object at = root();
        for (String step : path.split("\\.")) {
            Matcher m = STEP.matcher(step);
            m.matches();
            if (m.group(1) != null) {
                at = member(at, m.group(1));
            }
            if (m.group(2) != null) {
                at = element(at, Integer.parseInt(m.group(2)));
            }
        }
        return (T) at;
    }

    String getString(String path) {
        Object value = get(path);
        return value == null ? null : value.toString();
    }

    int getInt(String path) {
        Object value = get(path);
        return value instanceof Number n && !(value instanceof Float || value instanceof Double)
                ? n.intValue() : Integer.parseInt(value.toString());
    }

    long getLong(String path) {
        Object value = get(path);
        return value instanceof Number n && !(value instanceof Float || value instanceof Double)
                ? n.longValue() : Long.parseLong(value.toString());
    }

    boolean getBoolean(String path) {
        Object value = get(path);
        return value instanceof Boolean b ? b : Boolean.parseBoolean(value.toString());
    }

    <T> List<T> getList(String path) {
        return get(path);
    }

    /** The list at the path, each element as the type: itself when it is one, its text for String. */
    <T> List<T> getList(String path, Class<T> type) {
        List<?> list = get(path);
        if (list == null) {
            return null;
        }
        List<T> typed = new ArrayList<>(list.size());
        for (Object e : list) {
            if (e == null || type.isInstance(e)) {
                typed.add(type.cast(e));
            } else if (type == String.class) {
                typed.add(type.cast(e.toString()));
            } else {
                return jsonPath().getList(path, type);
            }
        }
        return typed;
    }

    <K, V> Map<K, V> getMap(String path) {
        return get(path);
    }

    <T> T getObject(String path, Class<T> type) {
        return jsonPath().getObject(path, type);
    }

    String prettyPrint() {
        return jsonPath().prettyPrint();
    }

    String prettify() {
        return jsonPath().prettify();
    }

    @Override
    public String toString() {
        return body();
    }

    private String body() {
        if (body == null) {
            try {
                body = MAPPER.writeValueAsString(root);
            } catch (JsonProcessingException e) {
                throw new AssertionError(e);
            }
        }
        return body;
    }

    private JsonPath jsonPath() {
        JsonPath json = new JsonPath(body());
        return exact ? json.using(JsonPathConfig.jsonPathConfig().numberReturnType(NumberReturnType.BIG_DECIMAL)) : json;
    }

    private Object root() {
        if (root == UNREAD) {
            try {
                root = exact ? MAPPER.readValue(body, Object.class) : floats(MAPPER.readValue(body, Object.class));
            } catch (JsonProcessingException e) {
                throw new AssertionError("not JSON: " + body, e);
            }
        }
        return root;
    }

    /** JsonPath's default number types: a decimal as Float when it fits one, else Double. */
    @SuppressWarnings("unchecked")
    private static Object floats(Object value) {
        if (value instanceof BigDecimal d) {
            return d.abs().compareTo(BigDecimal.valueOf(Float.MAX_VALUE)) > 0 ? (Object) d.doubleValue() : d.floatValue();
        }
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> copy = new LinkedHashMap<>();
            ((Map<String, Object>) map).forEach((k, v) -> copy.put(k, floats(v)));
            return copy;
        }
        if (value instanceof List<?> list) {
            List<Object> copy = new ArrayList<>(list.size());
            list.forEach(v -> copy.add(floats(v)));
            return copy;
        }
        return value;
    }

    private static Object member(Object at, String name) {
        if (at instanceof Map<?, ?> map) {
            return map.get(name);
        }
        if (at instanceof List<?> list) {
            List<Object> each = new ArrayList<>(list.size());
            for (Object e : list) {
                if (e != null) {
                    each.add(member(e, name));
                }
            }
            return each;
        }
        if (at == null) {
            return null;
        }
        throw new AssertionError("no field " + name + " in " + at);
    }

    private static Object element(Object at, int index) {
        if (!(at instanceof List<?> list)) {
            return null;
        }
        int i = index < 0 ? list.size() + index : index;
        return i >= 0 && i < list.size() ? list.get(i) : null;
    }
}
