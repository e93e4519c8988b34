package com.paycore.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;

import jakarta.json.Json;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;


import org.junit.jupiter.api.Test;

/**
 * The bad-input sweep: at least 10,000 malformed requests, generated from a fixed seed over every operation the
 * OpenAPI document lists (wrong types, shapes, encodings, sizes, depths, ids, query parameters, credentials), sent
 * concurrently to the second instance (whose server log the test can read). Every answer must be a 4xx envelope (the
 * RFC 6749 error body on the token endpoint), no row may appear, the server log may hold no stack trace, and the
 * instance must still be ready afterwards. A failure names the request by its index, operation and kind, so it
 * reproduces with the same seed.
 */
abstract class BadInputSweepScenarios {

    static final long SEED = 20_261_123L;
    static final int REQUESTS = 10_000;
    static final int THREADS = 8;
    static final String TOKEN_PATH = "/api/auth/token";

    /** Tables a refused request may legitimately touch (audit of refusals, idempotency claims, report copies). */
    static final List<String> NOT_COUNTED = List.of("audit", "idempotency", "refresh_token", "report_", "databasechangelog");

    private static final Pattern INTERNALS = Pattern.compile(
            "(?s).*(Exception|\\bat [a-z]+\\.|com\\.paycore|org\\.eclipse|SELECT |INSERT ).*");
    private static final Pattern STACK_FRAME = Pattern.compile("(?m)^\\s+at [\\w$.]+\\(");

    record Param(String name, String in, String type) {
    }

    record Operation(String method, String path, List<Param> params, boolean hasBody, Map<String, String> fields) {
        String name() {
            return method + " " + path;
        }

        boolean admin() {
            return path.startsWith("/api/adm/");
        }

        boolean pay() {
            return path.startsWith("/api/pay/");
        }

        boolean token() {
            return path.equals(TOKEN_PATH);
        }

        List<Param> in(String where) {
            return params.stream().filter(p -> p.in().equals(where)).toList();
        }

        /** Query parameters whose values are checked (ids, numbers, flags, times); free text takes anything. */
        List<Param> typedQuery() {
            return in("query").stream()
                    .filter(p -> List.of("uuid", "integer", "boolean", "date-time").contains(p.type())).toList();
        }
    }

    record Probe(int index, String operation, String kind, String method, String uri, Map<String, String> headers,
                 byte[] body) {
        String describe() {
            return "#" + index + " " + operation + " [" + kind + "] " + method + " "
                    + (uri.length() > 160 ? uri.substring(0, 160) + "..." : uri);
        }
    }

    @Test
    void tenThousandMalformedRequestsAnswer4xxEnvelopesAndStoreNothing() throws Exception {
        String base = SecondInstance.baseUri();
        List<Operation> operations = operations(base);
        assertTrue(operations.size() >= 45, "operations found in /openapi: " + operations.size());
        Cards.Shop shop = Cards.aShop();
        String rootToken = Api.rootToken();
        List<Probe> probes = new Generator(new Random(SEED), base, shop, rootToken).probes(operations, REQUESTS);
        assertTrue(probes.size() >= REQUESTS);
        assertTrue(probes.stream().map(Probe::operation).distinct().count() == operations.size(), "every operation probed");

        // a few requests one at a time first: the very first concurrent ones to a fresh instance are not what is tested
        for (int i = 0; i < Math.min(20, probes.size()); i++) {
            check(HttpClient.newHttpClient(), probes.get(i));
        }
        Map<String, Long> before = rowCounts();
        long logStart = Files.size(SecondInstance.log());
        long started = System.nanoTime();
        List<String> failures = send(probes);
        System.out.printf("bad-input sweep: %d requests over %d operations in %d s%n", probes.size(), operations.size(),
                TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started));
        Map<String, Long> after = rowCounts();
        String log = Files.readString(SecondInstance.log(), StandardCharsets.UTF_8);
        String logDuring = log.length() > logStart ? log.substring((int) Math.min(logStart, log.length())) : "";

        assertTrue(failures.isEmpty(), failures.size() + " of " + probes.size() + " requests failed (seed " + SEED
                + "), first ones:\n" + String.join("\n", failures.subList(0, Math.min(20, failures.size()))));
        assertEquals(before, after, "rows were created or removed by refused requests");
        var frame = STACK_FRAME.matcher(logDuring);
        if (frame.find()) {
            throw new AssertionError("a stack trace in the server log during the sweep: "
                    + logDuring.substring(Math.max(0, frame.start() - 1500), Math.min(logDuring.length(), frame.start() + 500)));
        }
        HttpResponse<String> ready = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(URI.create(base + "/health/ready")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, ready.statusCode(), ready.body());
        assertEquals("UP", JsonBody.of(ready.body()).getString("status"));
    }

    /** Every operation under /api of the OpenAPI document, with its parameters and the JSON types of its body fields. */
    @SuppressWarnings("unchecked")
    static List<Operation> operations(String base) throws Exception {
        HttpResponse<String> doc = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(base + "/openapi?format=JSON"))
                .header("Accept", "application/json").build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, doc.statusCode());
        Map<String, Object> openApi = JsonBody.of(doc.body()).getMap("$");
        Map<String, Object> schemas = (Map<String, Object>) ((Map<String, Object>) openApi.getOrDefault("components",
                Map.of())).getOrDefault("schemas", Map.of());
        List<Operation> operations = new ArrayList<>();
        Map<String, Object> paths = new TreeMap<>((Map<String, Object>) openApi.get("paths"));
        for (var path : paths.entrySet()) {
            if (!path.getKey().startsWith("/api/")) {
                continue;
            }
            Map<String, Object> item = (Map<String, Object>) path.getValue();
            for (String method : List.of("get", "post", "put", "delete", "patch")) {
                Map<String, Object> op = (Map<String, Object>) item.get(method);
                if (op == null) {
                    continue;
                }
                List<Param> params = new ArrayList<>();
                List<Map<String, Object>> declared = new ArrayList<>();
                declared.addAll((List<Map<String, Object>>) item.getOrDefault("parameters", List.of()));
                declared.addAll((List<Map<String, Object>>) op.getOrDefault("parameters", List.of()));
                for (Map<String, Object> p : declared) {
                    params.add(new Param((String) p.get("name"), (String) p.get("in"),
                            typeOf((Map<String, Object>) p.get("schema"), schemas)));
                }
                for (var segment : path.getKey().split("/")) { // path parameters the document may not declare
                    if (segment.startsWith("{")) {
                        String name = segment.substring(1, segment.length() - 1);
                        if (params.stream().noneMatch(p -> p.name().equals(name) && p.in().equals("path"))) {
                            params.add(new Param(name, "path", "uuid"));
                        }
                    }
                }
                Map<String, String> fields = new TreeMap<>();
                Map<String, Object> requestBody = (Map<String, Object>) op.get("requestBody");
                if (requestBody != null) {
                    Map<String, Object> content = (Map<String, Object>) requestBody.getOrDefault("content", Map.of());
                    for (Object media : content.values()) {
                        Map<String, Object> schema = resolve((Map<String, Object>) ((Map<String, Object>) media).get("schema"), schemas);
                        Map<String, Object> properties = (Map<String, Object>) schema.getOrDefault("properties", Map.of());
                        properties.forEach((name, s) -> {
                            String type = typeOf((Map<String, Object>) s, schemas);
                            if (type != null) {
                                fields.put(name, type);
                            }
                        });
                    }
                }
                boolean hasBody = requestBody != null || path.getKey().equals(TOKEN_PATH);
                operations.add(new Operation(method.toUpperCase(), path.getKey(), params, hasBody, fields));
            }
        }
        return operations;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> resolve(Map<String, Object> schema, Map<String, Object> schemas) {
        if (schema == null) {
            return Map.of();
        }
        Object ref = schema.get("$ref");
        if (ref instanceof String r && r.startsWith("#/components/schemas/")) {
            return (Map<String, Object>) schemas.getOrDefault(r.substring("#/components/schemas/".length()), Map.of());
        }
        if (schema.get("allOf") instanceof List<?> all && !all.isEmpty()) {
            return resolve((Map<String, Object>) all.get(0), schemas);
        }
        return schema;
    }

    /** uuid, date-time, integer, number, boolean, string, array or object; null for a schema of any type. */
    private static String typeOf(Map<String, Object> schema, Map<String, Object> schemas) {
        Map<String, Object> s = resolve(schema, schemas);
        Object type = s.get("type");
        if (type == null) {
            return s.containsKey("properties") ? "object" : null;
        }
        if ("string".equals(type) && "uuid".equals(s.get("format"))) {
            return "uuid";
        }
        if ("string".equals(type) && "date-time".equals(s.get("format"))) {
            return "date-time";
        }
        return String.valueOf(type);
    }

    /** Builds the probes; all randomness comes from the one seeded {@link Random}, in order. */
    static final class Generator {
        private final Random random;
        private final String base;
        private final Cards.Shop shop;
        private final String rootToken;

        Generator(Random random, String base, Cards.Shop shop, String rootToken) {
            this.random = random;
            this.base = base;
            this.shop = shop;
            this.rootToken = rootToken;
        }

        List<Probe> probes(List<Operation> operations, int count) {
            List<Probe> probes = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                probes.add(probe(i, operations.get(i % operations.size())));
            }
            return probes;
        }

        private <T> T pick(List<T> values) {
            return values.get(random.nextInt(values.size()));
        }

        private UUID uuid() {
            return new UUID(random.nextLong(), random.nextLong());
        }

        private Probe probe(int index, Operation op) {
            List<String> kinds = new ArrayList<>();
            if (op.admin() || op.pay()) {
                kinds.add("credentials");
            }
            if (!op.in("path").isEmpty()) {
                kinds.add("malformed-id");
                if (op.in("path").stream().anyMatch(p -> !p.name().equals("projectId"))) {
                    kinds.add("unknown-id");
                }
            }
            if (!op.typedQuery().isEmpty()) {
                kinds.add("query");
            }
            if (op.token()) {
                kinds.addAll(List.of("form", "form", "form", "form", "content-type"));
                if (random.nextInt(50) == 0) {
                    kinds = List.of("size");
                }
            } else if (op.hasBody()) {
                kinds.addAll(List.of("syntax", "shape", "encoding", "depth", "number", "content-type"));
                if (!op.fields().isEmpty()) {
                    kinds.addAll(List.of("wrong-type", "wrong-type", "wrong-type"));
                }
                if (random.nextInt(500) == 0) {
                    kinds = List.of("size");
                }
            }
            if (kinds.isEmpty()) { // an anonymous operation without parameters or body: only malformed bodies apply
                kinds.add("syntax");
            }
            String kind = pick(kinds);

            Map<String, String> headers = new LinkedHashMap<>();
            if (op.admin()) {
                headers.put("Authorization", "Bearer " + rootToken);
            } else if (op.pay()) {
                headers.put("X-API-Key", shop.key());
            }
            headers.put("Accept", "application/json");
            Map<String, String> pathValues = new LinkedHashMap<>();
            for (Param p : op.in("path")) {
                pathValues.put(p.name(), p.name().equals("projectId") ? shop.projectId().toString() : uuid().toString());
            }
            Map<String, String> query = new LinkedHashMap<>();
            byte[] body = op.hasBody() && !op.method().equals("GET") && !op.method().equals("DELETE")
                    ? (op.token() ? bytes("grant_type=password&username=nobody%40example.com") : bytes("{}")) : null;
            if (body != null) {
                headers.put("Content-Type", op.token() ? "application/x-www-form-urlencoded" : "application/json");
            }
            switch (kind) {
                case "credentials" -> {
                    headers.remove("Authorization");
                    headers.remove("X-API-Key");
                    String bad = pick(List.of("", "Bearer", "Bearer ", "Bearer not-a-jwt", "Bearer " + "a".repeat(4000),
                            "Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.", "Basic cm9vdDpyb290", "Bearer " + junk(40),
                            "Bearer " + rootToken.substring(0, rootToken.length() - 4) + "AAAA",
                            op.admin() ? "Bearer " + shop.key() : "Bearer " + shop.key() + "x"));
                    if (op.pay() && random.nextBoolean()) {
                        headers.put("X-API-Key", pick(List.of("", "x", junk(64), shop.key() + "x", "a".repeat(3000))));
                    } else if (!bad.isEmpty()) {
                        headers.put("Authorization", bad);
                    }
                }
                case "malformed-id" -> {
                    Param p = pick(op.in("path"));
                    UUID u = uuid();
                    pathValues.put(p.name(), pick(List.of("not-a-uuid", "1", "-1", "0", "null", "true", "1e9",
                            u + "0", u.toString().substring(1), u.toString().replace('-', 'g'), "ä-ö", "'or'1'='1",
                            "a".repeat(300), "{id}", "%", "x y", u.toString().replace("-", ""))));
                }
                case "unknown-id" -> {
                    // a well-formed id that names nothing of this caller: only the non-project ids (the project is the caller's)
                    // keep their random UUID; the body stays a harmless {}.
                }
                case "query" -> {
                    Param p = pick(op.typedQuery());
                    String value = switch (p.type()) {
                        case "integer" -> p.name().equalsIgnoreCase("limit")
                                ? pick(List.of("abc", "0", "-1", "1001", "10001", "1.5", "99999999999", "1e3", "0x10"))
                                : p.name().equalsIgnoreCase("offset")
                                ? pick(List.of("abc", "-1", "1.5", "99999999999", "1e3", "-2147483648"))
                                : pick(List.of("abc", "1.5", "99999999999", "1e3", "0x10", "[]"));
                        case "boolean" -> pick(List.of("maybe", "1", "0", "yes", "t", "truee"));
                        case "uuid" -> pick(List.of("nope", "1", "x".repeat(100), uuid() + "0", "{}"));
                        case "date-time" -> pick(List.of("yesterday", "2026-13-01T00:00:00Z", "2026-02-30T25:61:00Z",
                                "1e9", "9".repeat(40)));
                        default -> pick(List.of("abc", "-1", "[]"));
                    };
                    query.put(p.name(), value);
                }
                case "form" -> body = bytes(pick(List.of("grant_type=password&username=%zz&password=x",
                        "grant_type=", "grant_type=unknown", "grant_type=password", "grant_type=refresh_token",
                        "grant_type=refresh_token&refresh_token=" + junk(30), "username=a&password=b",
                        "grant_type=password&username=" + junk(10) + "%40x.test&password=" + junk(12),
                        "grant_type=client_credentials", "=&&=", "grant_type=password&username=&password=",
                        "grant_type=password&username=" + "a".repeat(5000) + "&password=b")));
                case "content-type" -> {
                    body = bytes(op.token() ? "{\"grant_type\":\"password\"}" : "{}");
                    headers.put("Content-Type", pick(List.of("text/plain", "application/xml", "application/octet-stream",
                            "multipart/form-data; boundary=x", "image/png")));
                    if (op.token()) {
                        headers.put("Content-Type", pick(List.of("application/json", "text/plain", "application/xml")));
                    }
                }
                case "size" -> {
                    byte[] big = new byte[1024 * 1024 + 1 + random.nextInt(4096)];
                    Arrays.fill(big, (byte) 'a');
                    if (!op.token()) {
                        big[0] = '[';
                        big[big.length - 1] = ']';
                    }
                    body = big;
                    headers.putIfAbsent("Content-Type", "application/json");
                }
                case "syntax" -> {
                    body = bytes(pick(List.of("{", "{\"a\":}", "{\"a\" 1}", "{'a':1}", "{\"a\":1,}", "[1,2", "nul",
                            "{\"a\":\"\\u12\"}", "{\"a\":tru}", "{\"a\":\"x\"", "{}}", "{\"a\":01}", "{\"a\":+1}",
                            "{\"a\":NaN}", "{\"a\":Infinity}", "<xml/>", "a=b", "{\"a\":\"\u0001\"}", "}{", "{\"a\":[}")));
                    headers.put("Content-Type", "application/json");
                }
                case "shape" -> {
                    body = bytes(pick(List.of("[{}]", "[]", "\"x\"", "1", "true", "null", "[{\"id\":\"" + uuid() + "\"}]",
                            "[[]]", "-0.5", "\"{}\"")));
                    headers.put("Content-Type", "application/json");
                }
                case "encoding" -> {
                    byte[][] invalid = {{(byte) 0xC3, (byte) 0x28}, {(byte) 0xC0, (byte) 0x80}, {(byte) 0x80},
                            {(byte) 0xE2, (byte) 0x82}, {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, {(byte) 0xFF},
                            {(byte) 0xF8, (byte) 0x88, (byte) 0x80, (byte) 0x80, (byte) 0x80}};
                    String field = op.fields().isEmpty() ? "name" : pick(new ArrayList<>(op.fields().keySet()));
                    ByteArrayOutputStream out = new ByteArrayOutputStream();
                    out.writeBytes(bytes("{\"" + field + "\":\"x"));
                    out.writeBytes(pick(List.of(invalid)));
                    out.writeBytes(bytes("\"}"));
                    body = out.toByteArray();
                    headers.put("Content-Type", "application/json");
                }
                case "depth" -> {
                    int depth = 65 + random.nextInt(2000);
                    String field = op.fields().isEmpty() ? "name" : pick(new ArrayList<>(op.fields().keySet()));
                    StringBuilder json = new StringBuilder("{\"" + field + "\":");
                    StringBuilder close = new StringBuilder();
                    for (int d = 0; d < depth; d++) {
                        if (random.nextBoolean()) {
                            json.append('[');
                            close.append(']');
                        } else {
                            json.append("{\"a\":");
                            close.append('}');
                        }
                    }
                    json.append("1").append(close.reverse()).append('}');
                    body = bytes(json.toString());
                    headers.put("Content-Type", "application/json");
                }
                case "number" -> {
                    String field = op.fields().isEmpty() ? "amount" : pick(new ArrayList<>(op.fields().keySet()));
                    String number = pick(List.of("1e-150000000", "1e-1500000000", "1E+1500000000", "1e400", "-1e-400",
                            "1" + "0".repeat(60), "0." + "0".repeat(80) + "1", "9".repeat(1000)));
                    body = bytes("{\"" + field + "\":" + number + "}");
                    headers.put("Content-Type", "application/json");
                }
                case "wrong-type" -> {
                    String field = pick(new ArrayList<>(op.fields().keySet()));
                    String value = switch (op.fields().get(field)) {
                        case "string", "uuid", "date-time" -> pick(List.of("123", "1.5", "true", "[]", "{}", "[\"x\"]",
                                "{\"a\":\"b\"}", "false"));
                        case "integer" -> pick(List.of("\"1\"", "true", "[]", "{}", "\"x\"", "[1]"));
                        case "number" -> pick(List.of("\"1\"", "true", "[]", "{}", "\"12.34\"", "[1]"));
                        case "boolean" -> pick(List.of("\"true\"", "1", "0", "\"maybe\"", "[]", "{}", "\"yes\""));
                        case "array" -> pick(List.of("\"x\"", "1", "true", "{}", "{\"a\":1}"));
                        default -> pick(List.of("\"x\"", "1", "true", "[]", "[1,2]", "[{}]")); // object
                    };
                    body = bytes("{\"" + field + "\":" + value + "}");
                    headers.put("Content-Type", "application/json");
                }
                default -> throw new IllegalStateException(kind);
            }
            String path = op.path();
            for (var v : pathValues.entrySet()) {
                path = path.replace("{" + v.getKey() + "}", encode(v.getValue()));
            }
            StringBuilder uri = new StringBuilder(base).append(path);
            String separator = "?";
            for (var q : query.entrySet()) {
                uri.append(separator).append(encode(q.getKey())).append('=').append(encode(q.getValue()));
                separator = "&";
            }
            if (body != null && (op.method().equals("GET") || op.method().equals("DELETE"))) {
                body = null;
            }
            return new Probe(index, op.name(), kind, op.method(), uri.toString(), headers, body);
        }

        private String junk(int length) {
            StringBuilder s = new StringBuilder();
            for (int i = 0; i < length; i++) {
                s.append((char) ('!' + random.nextInt(94)));
            }
            return s.toString().replace(' ', '_');
        }
    }

    static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /** Percent-encodes everything but letters and digits (UTF-8), so a value stays one path segment or one value. */
    static String encode(String value) {
        StringBuilder out = new StringBuilder();
        for (byte b : value.getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xFF);
            if (c < 128 && Character.isLetterOrDigit(c) || c == '-' || c == '_') {
                out.append(c);
            } else {
                out.append('%').append(String.format("%02X", b & 0xFF));
            }
        }
        return out.toString();
    }

    /** Sends every probe (THREADS at a time) and returns a line per answer that breaks the rules. */
    static List<String> send(List<Probe> probes) throws Exception {
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(10)).build();
        ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
        AtomicInteger next = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        try {
            List<Future<?>> workers = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                workers.add(pool.submit(() -> {
                    for (int i = next.getAndIncrement(); i < probes.size(); i = next.getAndIncrement()) {
                        String failure = check(client, probes.get(i));
                        if (failure != null) {
                            failures.add(failure);
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> worker : workers) {
                worker.get(30, TimeUnit.MINUTES); // generous: the machine the tests run on may be shared
            }
        } finally {
            pool.shutdownNow();
        }
        List<String> sorted = new ArrayList<>(failures);
        Collections.sort(sorted, (a, b) -> Integer.compare(indexOf(a), indexOf(b)));
        return sorted;
    }

    private static int indexOf(String failure) {
        return Integer.parseInt(failure.substring(1, failure.indexOf(' ')));
    }

    /** Null when the answer is a 4xx envelope (or RFC 6749 error); else what is wrong with it. */
    static String check(HttpClient client, Probe probe) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(probe.uri())).timeout(Duration.ofSeconds(30));
        probe.headers().forEach(request::header);
        request.method(probe.method(), probe.body() == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofByteArray(probe.body()));
        HttpResponse<String> answer;
        try {
            answer = client.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (Exception e) {
            if (probe.kind().equals("size")) {
                return null; // the server may answer 413 and close while the body is still being sent
            }
            return probe.describe() + " -> no answer: " + e;
        }
        int status = answer.statusCode();
        String body = answer.body();
        String shown = probe.describe() + " -> " + status + " " + (body.length() > 300 ? body.substring(0, 300) : body);
        if (status < 400 || status >= 500) {
            return shown;
        }
        try {
            // JSON-P, not REST Assured's JsonPath: its Groovy runtime made the client the bottleneck of the sweep
            JsonObject json = Api.jsonObject(body);
            if (probe.uri().contains(TOKEN_PATH)) {
                return json.get("error") instanceof JsonString error && !error.getString().isBlank()
                        ? null : shown;
            }
            int code = switch (status) {
                case 401, 403 -> 401;
                case 404 -> 404;
                default -> 400;
            };
            boolean envelope = json.get("success") != null
                    && json.get("success").getValueType() == JsonValue.ValueType.FALSE
                    && json.get("code") instanceof JsonNumber c && c.intValue() == code
                    && json.get("errorMessage") instanceof JsonString;
            return envelope && !INTERNALS.matcher(body).matches() ? null : shown;
        } catch (RuntimeException notJson) {
            return shown;
        }
    }

    /** Rows per table, but for the tables a refusal may write to (audit, idempotency, report copies). */
    static Map<String, Long> rowCounts() throws Exception {
        Map<String, Long> counts = new TreeMap<>();
        try (Connection db = DatabaseDump.connect()) {
            List<String> tables = new ArrayList<>();
            try (ResultSet rs = db.getMetaData().getTables(null, db.getSchema(), "%", new String[] {"TABLE"})) {
                while (rs.next()) {
                    tables.add(rs.getString("TABLE_NAME"));
                }
            }
            for (String table : tables) {
                String lower = table.toLowerCase(Locale.ROOT);
                if (NOT_COUNTED.stream().anyMatch(lower::startsWith)) {
                    continue;
                }
                try (Statement st = db.createStatement(); ResultSet rs = st.executeQuery("SELECT count(*) FROM \"" + table + "\"")) {
                    rs.next();
                    counts.put(lower, rs.getLong(1));
                }
            }
        }
        assertTrue(counts.containsKey("companies") && counts.containsKey("transactions"), "tables counted: " + counts.keySet());
        return counts;
    }
}
