package com.paycore.openapi;

import java.io.StringReader;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.logging.Level;
import java.util.logging.Logger;

import jakarta.json.JsonNumber;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.MatrixParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.Components;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.PathItem;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.parameters.RequestBody;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;
import org.eclipse.microprofile.openapi.models.security.SecurityScheme;
import org.eclipse.microprofile.openapi.models.tags.Tag;

import com.paycore.apikey.ApiKeysResource;
import com.paycore.audit.AuditEventsResource;
import com.paycore.auth.TokenResource;
import com.paycore.cardupdater.CardUpdaterReportResource;
import com.paycore.cardupdater.CardUpdaterResource;
import com.paycore.chargeback.AdminChargebacksResource;
import com.paycore.chargeback.ChargebackReportResource;
import com.paycore.chargeback.PayChargebacksResource;
import com.paycore.company.CompaniesResource;
import com.paycore.company.CompanyUsersResource;
import com.paycore.event.EventsResource;
import com.paycore.idempotency.Idempotent;
import com.paycore.invitation.InvitationAcceptanceResource;
import com.paycore.invitation.InvitationsResource;
import com.paycore.keystore.KeystoresResource;
import com.paycore.platform.web.Answer;
import com.paycore.platform.web.PaymentsApplication;
import com.paycore.platform.web.StrictJson;
import com.paycore.processor.ProcessorsResource;
import com.paycore.project.PayProjectResource;
import com.paycore.project.ProjectsResource;
import com.paycore.report.ReportTransactionsResource;
import com.paycore.retention.RetentionResource;
import com.paycore.run.RunsResource;
import com.paycore.transaction.AdminTransactionsResource;
import com.paycore.transaction.PayTransactionsResource;
import com.paycore.transaction.ReconciliationResource;
import com.paycore.transaction.SettlementsResource;
import com.paycore.user.ExternalIdentitiesResource;
import com.paycore.user.UsersResource;
import com.paycore.vault.TokenRotationResource;
import com.paycore.vault.TokensResource;
import com.paycore.webhook.WebhookEndpointsResource;

/**
 * Completes the document MicroProfile OpenAPI scans from the resources (mp.openapi.filter): every request body,
 * parameter and answer is described by a schema built from the real Java types (request classes, the views answered,
 * {@link Answer} on each method), ids are strings of format uuid, each operation carries its security, tags are
 * listed once and Payara's non-standard top-level {@code endpoints} goes. Runs once, when the document is built.
 * <p>
 * Public with a public constructor: MicroProfile OpenAPI instantiates it by name.
 */
public class ApiDocumentFilter implements OASFilter {

    private static final Logger LOG = Logger.getLogger(ApiDocumentFilter.class.getName());

    /** Every JAX-RS resource class; ApiDocumentFilterTest checks that none is missing. */
    static final List<Class<?>> RESOURCES = List.of(
            TokenResource.class, InvitationAcceptanceResource.class,
            UsersResource.class, ExternalIdentitiesResource.class, CompaniesResource.class, CompanyUsersResource.class,
            InvitationsResource.class,
            AuditEventsResource.class, ProjectsResource.class, ApiKeysResource.class, ProcessorsResource.class,
            KeystoresResource.class, TokenRotationResource.class, WebhookEndpointsResource.class,
            AdminTransactionsResource.class, SettlementsResource.class, ReconciliationResource.class,
            AdminChargebacksResource.class,
            ChargebackReportResource.class, CardUpdaterResource.class, CardUpdaterReportResource.class,
            ReportTransactionsResource.class, RunsResource.class, RetentionResource.class,
            PayProjectResource.class, TokensResource.class, PayTransactionsResource.class, PayChargebacksResource.class,
            EventsResource.class);

    static final String ADMIN = "bearer";
    static final String API_KEY = "apiKey";
    static final String API_KEY_BEARER = "apiKeyBearer";
    static final String ENVELOPE = "Envelope";
    static final String EXAMPLE_ID = "3f2b8c1e-5d4a-4e6b-9c7d-2a1f0e9b8c7d";

    @Override
    public void filterOpenAPI(OpenAPI api) {
        dropPayaraEndpoints(api);
        api.setServers(List.of(OASFactory.createServer().url("/")
                .description("This service: the document is served at /openapi beside /api")));
        Components components = api.getComponents() == null ? OASFactory.createComponents() : api.getComponents();
        api.setComponents(components);
        components.setSchemas(new TreeMap<>());
        Map<String, Schema> schemas = new LinkedHashMap<>();
        SchemaBuilder types = new SchemaBuilder(schemas);
        schemas.put(ENVELOPE, envelope(OASFactory.createSchema().type(Schema.SchemaType.OBJECT)
                .description("The envelope every answer has; errors carry only it (success false, code, errorMessage)")));
        securitySchemes(components);
        String root = PaymentsApplication.class.getAnnotation(ApplicationPath.class).value();
        for (Class<?> resource : RESOURCES) {
            String base = join(root, resource.getAnnotation(Path.class).value());
            for (Method method : resource.getMethods()) {
                String verb = httpMethod(method);
                if (verb == null) {
                    continue;
                }
                Path sub = method.getAnnotation(Path.class);
                String path = sub == null ? base : join(base, sub.value());
                Operation operation = operation(api, path, verb);
                if (operation == null) {
                    LOG.warning(() -> "OpenAPI: no operation scanned for " + verb + " " + path);
                    continue;
                }
                complete(operation, path, resource, method, types, schemas);
            }
        }
        components.setSchemas(new TreeMap<>(schemas));
        dedupeTags(api);
    }

    private void complete(Operation operation, String path, Class<?> resource, Method method, SchemaBuilder types,
                          Map<String, Schema> schemas) {
        parameters(operation, method, types);
        requestBody(operation, resource, method, types);
        if (method.isAnnotationPresent(Idempotent.class) || resource.isAnnotationPresent(Idempotent.class)) {
            operation.addParameter(OASFactory.createParameter().name("Idempotency-Key").in(
                            org.eclipse.microprofile.openapi.models.parameters.Parameter.In.HEADER)
                    .description("Optional: a client-chosen key (at most 255 characters) that makes a retry safe")
                    .schema(SchemaBuilder.string(null).maxLength(255)));
        }
        Answer answer = method.getAnnotation(Answer.class);
        Schema success = answer == null ? ref(ENVELOPE) : answerSchema(operation, answer, types, schemas);
        boolean oauth = answer != null && answer.body() != void.class;
        if (oauth && !schemas.containsKey("OAuthError")) {
            schemas.put("OAuthError", OASFactory.createSchema().type(Schema.SchemaType.OBJECT)
                    .description("RFC 6749 section 5.2")
                    .addProperty("error", SchemaBuilder.string(null).example("invalid_grant"))
                    .addProperty("error_description", SchemaBuilder.string(null))
                    .required(List.of("error")));
        }
        boolean secured = path.startsWith("/api/adm/") || path.startsWith("/api/pay/");
        if (secured && operation.getResponses().getAPIResponse("401") == null) {
            operation.getResponses().addAPIResponse("401", OASFactory.createAPIResponse().description(
                    path.startsWith("/api/adm/") ? "Missing, invalid or expired token, or inactive user"
                            : "Missing, unknown, inactive or expired API key, or a key of another project"));
        }
        Object example = answer == null ? null : answerExample(answer, types);
        if (operation.getResponses() != null && operation.getResponses().getAPIResponses() != null) {
            String exampled = primarySuccess(operation.getResponses().getAPIResponses().keySet());
            for (Map.Entry<String, APIResponse> e : operation.getResponses().getAPIResponses().entrySet()) {
                boolean ok = e.getKey().startsWith("2");
                Schema schema = ok ? success : ref(oauth ? "OAuthError" : ENVELOPE);
                org.eclipse.microprofile.openapi.models.media.MediaType media = OASFactory.createMediaType().schema(schema);
                if (e.getKey().equals(exampled) && example != null) {
                    media.setExample(example);
                }
                e.getValue().setContent(OASFactory.createContent().addMediaType(MediaType.APPLICATION_JSON, media));
            }
        }
        operation.setSecurity(path.startsWith("/api/adm/") ? List.of(OASFactory.createSecurityRequirement().addScheme(ADMIN))
                : path.startsWith("/api/pay/") ? List.of(OASFactory.createSecurityRequirement().addScheme(API_KEY),
                OASFactory.createSecurityRequirement().addScheme(API_KEY_BEARER))
                : List.of());
        if (operation.getDeprecated() != null && !operation.getDeprecated()) {
            operation.setDeprecated(null);
        }
    }

    /** The success answer: the envelope with the typed fields {@link Answer} names, as a named schema. */
    private Schema answerSchema(Operation operation, Answer answer, SchemaBuilder types, Map<String, Schema> schemas) {
        if (answer.body() != void.class) {
            return ref(types.named(answer.body()));
        }
        Schema schema = envelope(OASFactory.createSchema().type(Schema.SchemaType.OBJECT));
        List<String> required = new ArrayList<>(schema.getRequired());
        if (answer.id()) {
            schema.addProperty("id", SchemaBuilder.string("uuid").description("The id of what was created"));
            required.add("id");
        }
        if (answer.fields() != void.class) {
            types.describe(answer.fields(), schema);
        }
        if (answer.entry() != void.class) {
            schema.addProperty("entry", types.of(answer.entry()));
        }
        if (answer.entries() != void.class) {
            schema.addProperty("entries", OASFactory.createSchema().type(Schema.SchemaType.ARRAY)
                    .items(types.of(answer.entries())));
            required.add("entries");
        }
        if (answer.total()) {
            schema.addProperty("total", OASFactory.createSchema().type(Schema.SchemaType.INTEGER).format("int64")
                    .description("Rows matching, not only those on this page"));
        }
        for (Answer.Field f : answer.extra()) {
            Schema s = types.of(f.type());
            if (!f.description().isEmpty() && s.getRef() == null) {
                s.setDescription(f.description());
            }
            schema.addProperty(f.name(), s);
        }
        if (schema.getRequired() != null) {
            for (String r : schema.getRequired()) {
                if (!required.contains(r)) {
                    required.add(r);
                }
            }
        }
        schema.setRequired(required);
        String name = Character.toUpperCase(operation.getOperationId().charAt(0))
                + operation.getOperationId().substring(1) + "Answer";
        schemas.put(name, schema);
        return ref(name);
    }

    /**
     * An example of the success answer, assembled from the examples on the answered types' properties
     * ({@code @Schema(example)}), the envelope's fields first; null when a part the answer carries has no example
     * (a partial example would mislead more than none).
     */
    static Object answerExample(Answer answer, SchemaBuilder types) {
        if (answer.body() != void.class) {
            return types.example(answer.body(), 0);
        }
        Map<String, Object> example = new LinkedHashMap<>();
        example.put("success", true);
        example.put("code", 200);
        // errorMessage is null on success: Payara's writer leaves null values out of the document, so it is not shown.
        if (answer.id()) {
            example.put("id", EXAMPLE_ID);
        }
        if (answer.fields() != void.class) {
            if (!(types.example(answer.fields(), 0) instanceof Map<?, ?> fields)) {
                return null;
            }
            fields.forEach((k, v) -> example.put((String) k, v));
        }
        if (answer.entry() != void.class) {
            Object entry = types.example(answer.entry(), 0);
            if (entry == null) {
                return null;
            }
            example.put("entry", entry);
        }
        if (answer.entries() != void.class) {
            Object entry = answer.entriesExample().isEmpty() ? types.example(answer.entries(), 0)
                    : parsed(answer.entriesExample());
            if (entry == null) {
                return null;
            }
            example.put("entries", List.of(entry));
        }
        if (answer.total()) {
            example.put("total", 1);
        }
        for (Answer.Field f : answer.extra()) {
            if (f.example().isEmpty()) {
                return null;
            }
            example.put(f.name(), SchemaBuilder.exampleValue(f.type(), f.example()));
        }
        return example.size() > 2 ? example : null;
    }

    /**
     * The success answer the example shows: the create (201) where there is one, else 200, else 202. Authorize answers
     * 201 Approved, 200 Declined and 202 Pending with one schema: the example is the approval.
     */
    static String primarySuccess(java.util.Set<String> codes) {
        for (String code : List.of("201", "200", "202")) {
            if (codes.contains(code)) {
                return code;
            }
        }
        return null;
    }

    /** JSON-P values as the plain maps, lists and scalars the OpenAPI model writes. */
    /** An example given as JSON text, as plain maps, lists and values. */
    static Object parsed(String json) {
        return plain(StrictJson.json().createReader(new StringReader(json)).readValue());
    }

    static Object plain(JsonValue value) {
        return switch (value.getValueType()) {
            case OBJECT -> {
                Map<String, Object> map = new LinkedHashMap<>();
                value.asJsonObject().forEach((k, v) -> map.put(k, plain(v)));
                yield map;
            }
            case ARRAY -> value.asJsonArray().stream().map(ApiDocumentFilter::plain).toList();
            case STRING -> ((JsonString) value).getString();
            case NUMBER -> ((JsonNumber) value).bigDecimalValue();
            case TRUE -> true;
            case FALSE -> false;
            case NULL -> null;
        };
    }

    private static Schema envelope(Schema schema) {
        return schema
                .addProperty("success", OASFactory.createSchema().type(Schema.SchemaType.BOOLEAN))
                .addProperty("code", OASFactory.createSchema().type(Schema.SchemaType.INTEGER).format("int32")
                        .description("200, 400, 401, 404 or 500 (HTTP 403 carries 401, HTTP 409 carries 400)"))
                .addProperty("errorMessage", SchemaBuilder.string(null).nullable(true)
                        .description("null on success"))
                .required(new ArrayList<>(List.of("success", "code", "errorMessage")));
    }

    private static void parameters(Operation operation, Method method, SchemaBuilder types) {
        if (operation.getParameters() == null) {
            return;
        }
        for (Parameter p : method.getParameters()) {
            String name = null;
            org.eclipse.microprofile.openapi.models.parameters.Parameter.In in = null;
            if (p.isAnnotationPresent(PathParam.class)) {
                name = p.getAnnotation(PathParam.class).value();
                in = org.eclipse.microprofile.openapi.models.parameters.Parameter.In.PATH;
            } else if (p.isAnnotationPresent(QueryParam.class)) {
                name = p.getAnnotation(QueryParam.class).value();
                in = org.eclipse.microprofile.openapi.models.parameters.Parameter.In.QUERY;
            } else if (p.isAnnotationPresent(HeaderParam.class)) {
                name = p.getAnnotation(HeaderParam.class).value();
                in = org.eclipse.microprofile.openapi.models.parameters.Parameter.In.HEADER;
            }
            if (name == null) {
                continue;
            }
            for (org.eclipse.microprofile.openapi.models.parameters.Parameter documented : operation.getParameters()) {
                if (name.equals(documented.getName()) && in == documented.getIn()) {
                    Schema schema = types.of(p.getParameterizedType());
                    SchemaBuilder.annotate(schema, p);
                    documented.setSchema(schema);
                    if (in == org.eclipse.microprofile.openapi.models.parameters.Parameter.In.PATH) {
                        documented.setRequired(true);
                    }
                }
            }
        }
    }

    private static void requestBody(Operation operation, Class<?> resource, Method method, SchemaBuilder types) {
        org.eclipse.microprofile.openapi.annotations.parameters.RequestBody declared =
                method.getAnnotation(org.eclipse.microprofile.openapi.annotations.parameters.RequestBody.class);
        if (declared != null && declared.content().length > 0
                && declared.content()[0].schema().implementation() != Void.class) {
            var content = declared.content()[0];
            operation.setRequestBody(body(types, content.schema().implementation(), content.mediaType(),
                    declared.required(), declared.description()));
            return;
        }
        for (Parameter p : method.getParameters()) {
            if (!entity(p)) {
                continue;
            }
            Consumes consumes = method.getAnnotation(Consumes.class);
            if (consumes == null) {
                consumes = resource.getAnnotation(Consumes.class);
            }
            String mediaType = consumes == null ? MediaType.APPLICATION_JSON : consumes.value()[0];
            String description = operation.getRequestBody() == null ? null : operation.getRequestBody().getDescription();
            operation.setRequestBody(body(types, p.getType(), mediaType, p.isAnnotationPresent(NotNull.class),
                    description));
            return;
        }
        operation.setRequestBody(null);
    }

    private static RequestBody body(SchemaBuilder types, Class<?> type, String mediaType, boolean required,
                                    String description) {
        org.eclipse.microprofile.openapi.models.media.MediaType media = OASFactory.createMediaType().schema(types.of(type));
        Object example = types.example(type, 0);
        if (example != null) {
            media.setExample(example);
        }
        RequestBody body = OASFactory.createRequestBody()
                .content(OASFactory.createContent().addMediaType(mediaType, media)).required(required);
        if (description != null && !description.isBlank()) {
            body.setDescription(description);
        }
        return body;
    }

    /** The entity parameter: neither a JAX-RS parameter nor a context object. */
    private static boolean entity(Parameter p) {
        for (Class<? extends Annotation> a : List.of(PathParam.class, QueryParam.class, HeaderParam.class,
                FormParam.class, CookieParam.class, MatrixParam.class, BeanParam.class, Context.class)) {
            if (p.isAnnotationPresent(a)) {
                return false;
            }
        }
        return true;
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

    private static void dedupeTags(OpenAPI api) {
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

    private static Operation operation(OpenAPI api, String path, String verb) {
        if (api.getPaths() == null) {
            return null;
        }
        PathItem item = api.getPaths().getPathItem(path);
        return item == null ? null : item.getOperations().get(PathItem.HttpMethod.valueOf(verb));
    }

    static String httpMethod(Method method) {
        for (Annotation a : method.getAnnotations()) {
            HttpMethod verb = a.annotationType().getAnnotation(HttpMethod.class);
            if (verb != null) {
                return verb.value();
            }
        }
        return null;
    }

    static String join(String base, String path) {
        String a = base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
        String b = path.startsWith("/") ? path : "/" + path;
        String joined = a + b;
        return joined.length() > 1 && joined.endsWith("/") ? joined.substring(0, joined.length() - 1) : joined;
    }

    private static Schema ref(String name) {
        return OASFactory.createSchema().ref(SchemaBuilder.REF + name);
    }
}
