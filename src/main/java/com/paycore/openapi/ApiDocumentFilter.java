package com.paycore.openapi;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.logging.Level;
import java.util.logging.Logger;

import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.Components;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.media.Content;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.parameters.Parameter;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;
import org.eclipse.microprofile.openapi.models.security.SecurityScheme;
import org.eclipse.microprofile.openapi.models.tags.Tag;

/**
 * Completes the document that MicroProfile OpenAPI scans from the resources and their request and answer types
 * (at build time, by SmallRye OpenAPI: see pom.xml) with what only the document as a whole knows. It works on the
 * scanned model alone, never on Java types:
 * <ul>
 * <li>each success answer becomes {@code <OperationId>Answer}: the envelope's own fields followed by the properties
 * of the answer record the scanner found in {@code Envelope<T>} (or in the success {@code @APIResponse}), as the
 * envelope writes them; every error answers the {@code Envelope}, the OAuth token endpoint RFC 6749's error;</li>
 * <li>scalar schemas the scanner made components of ({@code UUID}, date-times, enums) are written inline;</li>
 * <li>examples of request bodies and main answers are assembled from the examples on the schemas' properties;</li>
 * <li>security per path prefix, the 401 answer, servers, tags listed once, and Payara's non-standard top-level
 * {@code endpoints} dropped; components keep only what the document refers to.</li>
 * </ul>
 * Public with a public constructor: MicroProfile OpenAPI instantiates it by name.
 */
public class ApiDocumentFilter implements OASFilter {

    private static final Logger LOG = Logger.getLogger(ApiDocumentFilter.class.getName());

    static final String ADMIN = "bearer";
    static final String API_KEY = "apiKey";
    static final String API_KEY_BEARER = "apiKeyBearer";
    static final String ENVELOPE = "Envelope";
    static final String OAUTH_ERROR = "OAuthError";
    static final String REF = "#/components/schemas/";
    /** The scalar components whose example the scanner puts on every property of their format. */
    private static final Map<String, String> SCANNER_EXAMPLES = Map.of("date-time", "OffsetDateTime");
    static final List<String> PAGING = List.of("limit", "offset");
    static final String EXAMPLE_ID = "3f2b8c1e-5d4a-4e6b-9c7d-2a1f0e9b8c7d";
    /** The OAuth 2.0 token endpoint (RFC 6749): its answers are not enveloped, its errors are RFC 6749's. */
    static final String OAUTH_TOKEN_PATH = "/api/auth/token";

    private Map<String, Schema> scanned = Map.of();
    private final Map<String, Object> scannerExamples = new LinkedHashMap<>();

    @Override
    public void filterOpenAPI(OpenAPI api) {
        dropPayaraEndpoints(api);
        api.setServers(List.of(OASFactory.createServer().url("/")
                .description("This service: the document is served at /openapi beside /api")));
        Components components = api.getComponents() == null ? OASFactory.createComponents() : api.getComponents();
        api.setComponents(components);
        scanned = components.getSchemas() == null ? Map.of() : new LinkedHashMap<>(components.getSchemas());
        if (scanned.containsKey(OAUTH_ERROR)) {
            return; // already completed (the build-time document served as it is)
        }
        Map<String, Schema> schemas = new TreeMap<>();
        schemas.put(ENVELOPE, envelope(OASFactory.createSchema().type(Schema.SchemaType.OBJECT)
                .description("The envelope every answer has; errors carry only it (success false, code, errorMessage)")));
        schemas.put(OAUTH_ERROR, OASFactory.createSchema().type(Schema.SchemaType.OBJECT)
                .description("RFC 6749 section 5.2")
                .addProperty("error", string().example("invalid_grant"))
                .addProperty("error_description", string())
                .required(List.of("error")));
        SCANNER_EXAMPLES.forEach((format, name) -> scannerExamples.put(format,
                scanned.containsKey(name) ? scanned.get(name).getExample() : null));
        scanned.values().forEach(this::inlineScalars);
        if (api.getPaths() != null && api.getPaths().getPathItems() != null) {
            api.getPaths().getPathItems().forEach((path, item) -> item.getOperations().values()
                    .forEach(operation -> complete(operation, path, schemas)));
        }
        keepReferenced(api, schemas);
        schemas.values().forEach(ApiDocumentFilter::tidy);
        components.setSchemas(schemas);
        securitySchemes(components);
        sortTags(api);
    }

    private void complete(Operation operation, String path, Map<String, Schema> schemas) {
        if (operation.getParameters() != null) {
            operation.getParameters().forEach(p -> inlineScalars(p.getSchema()));
            operation.setParameters(inOrder(operation.getParameters(), path));
        }
        if (operation.getRequestBody() != null && operation.getRequestBody().getContent() != null) {
            operation.getRequestBody().getContent().getMediaTypes().values().forEach(media -> {
                inlineScalars(media.getSchema());
                media.setExample(example(media.getSchema(), 0));
            });
        }
        boolean oauth = path.equals(OAUTH_TOKEN_PATH);
        boolean admin = path.startsWith("/api/adm/");
        boolean pay = path.startsWith("/api/pay/");
        Map<String, APIResponse> responses = new LinkedHashMap<>();
        if ((admin || pay) && !operation.getResponses().hasAPIResponse("401")) { // first, as the classes' own answers
            responses.put("401", OASFactory.createAPIResponse().description(admin
                    ? "Missing, invalid or expired token, or inactive user"
                    : "Missing, unknown, inactive or expired API key, or a key of another project"));
        }
        responses.putAll(operation.getResponses().getAPIResponses());
        operation.getResponses().setAPIResponses(responses);
        Schema body = null;
        for (APIResponse r : responses.values()) {
            body = body != null ? body : successBody(r);
        }
        Schema success = oauth ? body : answer(operation.getOperationId(), body, schemas);
        Object example = oauth ? example(body, 0) : answerExample(body);
        String exampled = primarySuccess(responses.keySet());
        responses.forEach((code, r) -> {
            var media = OASFactory.createMediaType().schema(code.startsWith("2") ? success
                    : ref(oauth ? OAUTH_ERROR : ENVELOPE));
            if (code.equals(exampled) && example != null) {
                media.setExample(example);
            }
            r.setContent(OASFactory.createContent().addMediaType(MediaType.APPLICATION_JSON, media));
        });
        operation.setSecurity(admin ? List.of(OASFactory.createSecurityRequirement().addScheme(ADMIN))
                : pay ? List.of(OASFactory.createSecurityRequirement().addScheme(API_KEY),
                OASFactory.createSecurityRequirement().addScheme(API_KEY_BEARER))
                : null);
        if (Boolean.FALSE.equals(operation.getDeprecated())) {
            operation.setDeprecated(null);
        }
    }

    /** What a success answer adds to the envelope: {@code body} of a scanned {@code Envelope<T>}, else the schema declared. */
    private Schema successBody(APIResponse response) {
        Content content = response.getContent();
        if (content == null || content.getMediaTypes() == null || content.getMediaTypes().isEmpty()) {
            return null;
        }
        Schema schema = content.getMediaTypes().values().iterator().next().getSchema();
        Schema resolved = resolve(schema);
        if (resolved != null && schema.getRef() != null && name(schema).startsWith(ENVELOPE)
                && resolved.getProperties() != null && resolved.getProperties().containsKey("body")) {
            Schema body = resolved.getProperties().get("body");
            return body.getRef() == null ? null : body;
        }
        return schema;
    }

    /** The success answer: the envelope's fields, then the answer record's properties, as a named schema. */
    private Schema answer(String operationId, Schema body, Map<String, Schema> schemas) {
        Schema record = resolve(body);
        if (record == null || record.getProperties() == null || record.getProperties().isEmpty()) {
            return ref(ENVELOPE);
        }
        Schema answer = envelope(OASFactory.createSchema().type(Schema.SchemaType.OBJECT));
        record.getProperties().forEach(answer::addProperty);
        if (record.getRequired() != null) {
            record.getRequired().forEach(answer::addRequired);
        }
        answer.setDescription(record.getDescription());
        String name = Character.toUpperCase(operationId.charAt(0)) + operationId.substring(1) + "Answer";
        schemas.put(name, answer);
        return ref(name);
    }

    /**
     * An example of the success answer from the examples of the answer record's properties (a list shows one entry, a
     * create's {@code id} an example id, a report's {@code total} 1), the envelope's fields first; null when a property
     * has none (a partial example would mislead more than none).
     */
    private Object answerExample(Schema body) {
        Schema record = resolve(body);
        if (record == null || record.getProperties() == null || record.getProperties().isEmpty()) {
            return null;
        }
        Map<String, Object> example = new LinkedHashMap<>();
        example.put("success", true);
        example.put("code", 200);
        // errorMessage is null on success: the writers leave null values out of the document, so it is not shown.
        for (Map.Entry<String, Schema> p : record.getProperties().entrySet()) {
            Object value = p.getKey().equals("id") && "uuid".equals(p.getValue().getFormat()) ? EXAMPLE_ID
                    : p.getKey().equals("total") ? Integer.valueOf(1) : example(p.getValue(), 0);
            if (value == null) {
                return null;
            }
            example.put(p.getKey(), value);
        }
        return example;
    }

    /** The example of a schema: its own, else one assembled from its properties' or items' examples; null if none. */
    private Object example(Schema schema, int depth) {
        if (schema == null || depth > 8) {
            return null;
        }
        if (schema.getExample() != null) {
            return schema.getExample();
        }
        if (schema.getAllOf() != null && schema.getAllOf().size() == 1) {
            return example(schema.getAllOf().get(0), depth);
        }
        Schema resolved = resolve(schema);
        if (resolved != schema) {
            return example(resolved, depth + 1);
        }
        if (schema.getType() == Schema.SchemaType.ARRAY) {
            Object item = schema.getItems() == null || schema.getItems().getRef() == null ? null
                    : example(schema.getItems(), depth + 1);
            return item == null ? null : List.of(item);
        }
        if (schema.getProperties() == null) {
            return null;
        }
        Map<String, Object> example = new LinkedHashMap<>();
        schema.getProperties().forEach((name, p) -> {
            Object value = p.getType() == Schema.SchemaType.ARRAY && p.getExample() == null
                    && (p.getItems() == null || p.getItems().getRef() == null) ? null : example(p, depth + 1);
            if (value != null) {
                example.put(name, value);
            }
        });
        return example.isEmpty() ? null : example;
    }

    /**
     * The success answer the example shows: the create (201) where there is one, else 200, else 202. Authorize answers
     * 201 Approved, 200 Declined and 202 Pending with one schema: the example is the approval.
     */
    static String primarySuccess(Set<String> codes) {
        for (String code : List.of("201", "200", "202")) {
            if (codes.contains(code)) {
                return code;
            }
        }
        return null;
    }

    /** A reference to a scalar component (an id, a date-time, an enum) becomes the scalar itself, here and below. */
    private void inlineScalars(Schema schema) {
        if (schema == null) {
            return;
        }
        if (schema.getAllOf() != null && schema.getAllOf().size() == 1 && scalar(schema.getAllOf().get(0)) != null) {
            Schema target = scalar(schema.getAllOf().get(0));
            schema.setAllOf(null);
            copyScalar(target, schema);
        }
        Schema target = scalar(schema);
        if (target != null) {
            schema.setRef(null);
            copyScalar(target, schema);
        }
        if ("uuid".equals(schema.getFormat())) {
            schema.setPattern(null);
        }
        if (schema.getExample() != null && schema.getExample().equals(scannerExamples.get(schema.getFormat()))) {
            schema.setExample(null); // the scanner's own example of every date-time, not one of ours
        }
        if (schema.getProperties() != null) {
            schema.getProperties().values().forEach(this::inlineScalars);
        }
        inlineScalars(schema.getItems());
        if (schema.getAdditionalPropertiesSchema() != null) {
            inlineScalars(schema.getAdditionalPropertiesSchema());
        }
        if (schema.getAllOf() != null) {
            schema.getAllOf().forEach(this::inlineScalars);
        }
    }

    /**
     * Parameters as a caller passes them: path parameters in the order the path names them, then query parameters with
     * paging ({@code limit}, {@code offset}) last, then headers; otherwise in the scanner's (alphabetical) order.
     */
    static List<Parameter> inOrder(List<Parameter> parameters, String path) {
        Comparator<Parameter> order = Comparator.comparing(Parameter::getIn)
                .thenComparing(p -> p.getIn() == Parameter.In.PATH ? path.indexOf("{" + p.getName() + "}") : 0)
                .thenComparing(p -> PAGING.indexOf(p.getName()));
        return parameters.stream().sorted(order).toList();
    }

    /**
     * After the examples are assembled: a reference wrapped only to carry an example is the reference again, and a
     * list's property keeps no example of its own (the operation's example shows it), as the document had them.
     */
    private static void tidy(Schema schema) {
        if (schema.getProperties() == null) {
            return;
        }
        for (Schema p : schema.getProperties().values()) {
            if (p.getAllOf() != null && p.getAllOf().size() == 1 && p.getAllOf().get(0).getRef() != null) {
                p.setType(null);
                p.setExample(null);
                if (p.getDescription() == null) {
                    p.setRef(p.getAllOf().get(0).getRef());
                    p.setAllOf(null);
                }
            }
            if (p.getType() == Schema.SchemaType.ARRAY) {
                p.setExample(null);
            }
        }
    }

    /** The scalar component a schema refers to, or null. */
    private Schema scalar(Schema schema) {
        Schema target = schema.getRef() == null ? null : scanned.get(name(schema));
        return target == null || target.getType() == null || target.getType() == Schema.SchemaType.OBJECT
                || target.getType() == Schema.SchemaType.ARRAY ? null : target;
    }

    private static void copyScalar(Schema from, Schema to) {
        to.setType(from.getType());
        to.setFormat(from.getFormat());
        to.setEnumeration(from.getEnumeration());
    }

    /** Components keep the schemas the paths refer to, directly or through other schemas. */
    private void keepReferenced(OpenAPI api, Map<String, Schema> schemas) {
        List<Schema> todo = new ArrayList<>(schemas.values());
        if (api.getPaths() != null && api.getPaths().getPathItems() != null) {
            api.getPaths().getPathItems().values().forEach(item -> item.getOperations().values().forEach(op -> {
                if (op.getParameters() != null) {
                    op.getParameters().forEach(p -> todo.add(p.getSchema()));
                }
                if (op.getRequestBody() != null && op.getRequestBody().getContent() != null) {
                    op.getRequestBody().getContent().getMediaTypes().values().forEach(m -> todo.add(m.getSchema()));
                }
                op.getResponses().getAPIResponses().values().forEach(r -> r.getContent().getMediaTypes().values()
                        .forEach(m -> todo.add(m.getSchema())));
            }));
        }
        Set<Schema> seen = new HashSet<>();
        while (!todo.isEmpty()) {
            Schema s = todo.remove(todo.size() - 1);
            if (s == null || !seen.add(s)) {
                continue;
            }
            if (s.getRef() != null && !schemas.containsKey(name(s)) && scanned.containsKey(name(s))) {
                schemas.put(name(s), scanned.get(name(s)));
                todo.add(scanned.get(name(s)));
            }
            if (s.getProperties() != null) {
                todo.addAll(s.getProperties().values());
            }
            todo.add(s.getItems());
            todo.add(s.getAdditionalPropertiesSchema());
            if (s.getAllOf() != null) {
                todo.addAll(s.getAllOf());
            }
        }
    }

    private static Schema envelope(Schema schema) {
        return schema
                .addProperty("success", OASFactory.createSchema().type(Schema.SchemaType.BOOLEAN))
                .addProperty("code", OASFactory.createSchema().type(Schema.SchemaType.INTEGER).format("int32")
                        .description("200, 400, 401, 404 or 500 (HTTP 403 carries 401, HTTP 409 carries 400)"))
                .addProperty("errorMessage", string().nullable(true).description("null on success"))
                .required(new ArrayList<>(List.of("success", "code", "errorMessage")));
    }

    private static void securitySchemes(Components components) {
        Map<String, SecurityScheme> schemes = new LinkedHashMap<>();
        schemes.put(ADMIN, OASFactory.createSecurityScheme().type(SecurityScheme.Type.HTTP).scheme("bearer")
                .bearerFormat("JWT").description("/api/adm: the access_token of POST /api/auth/token"));
        schemes.put(API_KEY, OASFactory.createSecurityScheme().type(SecurityScheme.Type.APIKEY)
                .in(SecurityScheme.In.HEADER).name("X-API-Key")
                .description("/api/pay/{projectId}: a TransactionKey API key of that project"));
        schemes.put(API_KEY_BEARER, OASFactory.createSecurityScheme().type(SecurityScheme.Type.HTTP).scheme("bearer")
                .description("/api/pay/{projectId}: the same API key sent as Authorization: Bearer <key>"));
        components.setSecuritySchemes(schemes);
    }

    private static void sortTags(OpenAPI api) {
        if (api.getTags() == null) {
            return;
        }
        Map<String, Tag> tags = new TreeMap<>();
        for (Tag t : api.getTags()) {
            Tag known = tags.get(t.getName());
            if (known == null || (known.getDescription() == null && t.getDescription() != null)) {
                tags.put(t.getName(), t);
            }
        }
        api.setTags(new ArrayList<>(tags.values()));
    }

    /** Payara adds a top-level {@code endpoints} map that OpenAPI does not have; empty, it is not written (null breaks its copy). */
    private static void dropPayaraEndpoints(OpenAPI api) {
        try {
            api.getClass().getMethod("setEndpoints", Map.class).invoke(api, new TreeMap<String, Object>());
        } catch (NoSuchMethodException e) {
            // Another implementation: nothing to drop.
        } catch (ReflectiveOperationException | RuntimeException e) {
            LOG.log(Level.WARNING, "OpenAPI: could not drop the endpoints attribute", e);
        }
    }

    private Schema resolve(Schema schema) {
        return schema == null || schema.getRef() == null ? schema : scanned.get(name(schema));
    }

    private static String name(Schema ref) {
        return ref.getRef().substring(ref.getRef().lastIndexOf('/') + 1);
    }

    private static Schema string() {
        return OASFactory.createSchema().type(Schema.SchemaType.STRING);
    }

    private static Schema ref(String name) {
        return OASFactory.createSchema().ref(REF + name);
    }
}
