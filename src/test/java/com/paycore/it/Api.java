package com.paycore.it;

import static io.restassured.RestAssured.given;

import java.io.StringReader;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Assertions;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonReaderFactory;

import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;

/** Black-box access to the server under test, and intention-named builders of test data. */
final class Api {

    static final String ROOT_EMAIL = "root@payments.test";
    static final String ROOT_PASSWORD = "bootstrap-secret-1";
    static final String PASSWORD = "correct-horse-9";
    private static final JsonReaderFactory JSON_P = Json.createReaderFactory(Map.of());
    private static final Duration ROOT_REUSE = Duration.ofMinutes(1);
    private static final AtomicReference<SignedIn> ROOT = new AtomicReference<>();

    private record SignedIn(String token, long atNanos) {
    }

    private Api() {
    }

    static RequestSpecification anonymous() {
        return given().baseUri(Deployments.baseUri()).contentType(ContentType.JSON).accept(ContentType.JSON);
    }

    static RequestSpecification as(String token) {
        return anonymous().header("Authorization", "Bearer " + token);
    }

    /** The same request to the second instance (same WAR, same database). */
    static RequestSpecification onSecondInstance(String token) {
        return given().baseUri(SecondInstance.baseUri()).contentType(ContentType.JSON).accept(ContentType.JSON)
                .header("Authorization", "Bearer " + token);
    }

    static RequestSpecification asRoot() {
        return as(rootToken());
    }

    /**
     * The bootstrap administrator's access token on the instance under test, used again for a minute (its lifetime
     * is 15 minutes). Most scenarios set up what they need as this administrator: a sign-in per request (a password
     * check, a signed token and a stored refresh token) was 3,950 sign-ins a run. No scenario changes this
     * administrator's password or e-mail, which would end the token; tests of sign-in sign in on their own
     * ({@link #login}).
     */
    static String rootToken() {
        SignedIn last = ROOT.get();
        long now = System.nanoTime();
        if (last != null && now - last.atNanos() < ROOT_REUSE.toNanos()) {
            return last.token();
        }
        String token = login(ROOT_EMAIL, ROOT_PASSWORD);
        ROOT.set(new SignedIn(token, now));
        return token;
    }

    /** The bootstrap administrator's access token from the instance at {@code baseUri} (an extra instance's own). */
    static String rootTokenAt(String baseUri) {
        return loginAt(baseUri, ROOT_EMAIL, ROOT_PASSWORD);
    }

    static Response token(Map<String, String> form) {
        return tokenAt(Deployments.baseUri(), form);
    }

    private static Response tokenAt(String baseUri, Map<String, String> form) {
        return given().baseUri(baseUri).contentType(ContentType.URLENC).formParams(form).post("/api/auth/token");
    }

    static String login(String email, String password) {
        return loginAt(Deployments.baseUri(), email, password);
    }

    private static String loginAt(String baseUri, String email, String password) {
        Response r = tokenAt(baseUri, Map.of("grant_type", "password", "username", email, "password", password));
        if (r.statusCode() != 200) {
            throw new AssertionError("login of " + email + " at " + baseUri + " failed: " + r.asString());
        }
        return JsonBody.of(r).getString("access_token");
    }

    static String unique(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 12);
    }

    /** A user who can sign in. */
    record Person(UUID id, String email, String password) {
        String token() {
            return login(email, password);
        }
    }

    /** The bootstrap platform administrator. */
    static Person root() {
        return new Person(UUID.fromString(ok(asRoot().get("/api/adm/users/me")).getString("entry.id")), ROOT_EMAIL,
                ROOT_PASSWORD);
    }

    static Person aUser() {
        String email = unique("user") + "@example.com";
        UUID id = created(asRoot().body(Map.of("email", email, "password", PASSWORD, "firstName", "Ada"))
                .post("/api/adm/users"));
        return new Person(id, email, PASSWORD);
    }

    static Person aPlatformAdmin() {
        String email = unique("padmin") + "@example.com";
        UUID id = created(asRoot().body(Map.of("email", email, "password", PASSWORD, "platformAdmin", true))
                .post("/api/adm/users"));
        return new Person(id, email, PASSWORD);
    }

    static UUID aCompany() {
        return created(asRoot().body(Map.of("companyName", unique("Co"))).post("/api/adm/companies"));
    }

    /** A company user record of a fresh user in the company; returns the person and the record id. */
    record Member(Person person, UUID companyUserId, UUID companyId) {
        String token() {
            return person.token();
        }
    }

    static Member aMember(UUID companyId, String role) {
        Person person = aUser();
        UUID memberId = created(asRoot().body(Map.of("companyId", companyId, "userId", person.id(), "roles", role))
                .post("/api/adm/companyUsers"));
        return new Member(person, memberId, companyId);
    }

    static Member anAdminOf(UUID companyId) {
        return aMember(companyId, "Admin");
    }

    /** Makes an existing user a member of the company (as the platform administrator); returns the record id. */
    static UUID join(UUID companyId, Person person, String role) {
        return created(asRoot().body(Map.of("companyId", companyId, "userId", person.id(), "roles", role))
                .post("/api/adm/companyUsers"));
    }

    /**
     * A user a company Admin may add to his company: a member of another company that the same Admin administers
     * (company Admins cannot add arbitrary platform users).
     */
    static Person aUserAlsoAdministeredBy(Member admin) {
        UUID other = aCompany();
        join(other, admin.person(), "Admin");
        return aMember(other, "User").person();
    }

    static UUID created(Response r) {
        if (r.statusCode() != 201) {
            throw new AssertionError("expected 201, got " + r.statusCode() + ": " + r.asString());
        }
        return UUID.fromString(JsonBody.of(r).getString("id"));
    }

    /**
     * The JSON object of a body, read with JSON-P (for tests that walk its values' types); one reader factory, since
     * {@code Json.createReader} looks its provider up on the class path at every call.
     */
    static JsonObject jsonObject(String body) {
        try (JsonReader reader = JSON_P.createReader(new StringReader(body))) {
            return reader.readObject();
        }
    }

    /**
     * Asserts an error envelope: the HTTP status, success=false, the numeric code DESIGN.md section 3 gives
     * that status, a message, and nothing internal (stack traces, class names, SQL) in the body.
     */
    static JsonBody refused(Response r, int status) {
        String body = r.asString();
        if (r.statusCode() != status) {
            throw new AssertionError("expected " + status + ", got " + r.statusCode() + ": " + body);
        }
        int code = switch (status) {
            case 401, 403 -> 401;
            case 404 -> 404;
            default -> status >= 500 ? 500 : 400;
        };
        JsonBody envelope = JsonBody.of(body);
        Assertions.assertAll(
                () -> Assertions.assertEquals(Boolean.FALSE, envelope.get("success"), body),
                () -> Assertions.assertEquals((Object) code, envelope.get("code"), body),
                () -> Assertions.assertNotNull(envelope.get("errorMessage"), body),
                () -> Assertions.assertFalse(
                        body.matches("(?s).*(Exception|\\bat [a-z]+\\.|com\\.paycore|org\\.eclipse|SELECT |INSERT ).*"),
                        "internals leaked: " + body));
        return envelope;
    }

    static JsonBody ok(Response r) {
        if (r.statusCode() != 200) {
            throw new AssertionError("expected 200, got " + r.statusCode() + ": " + r.asString());
        }
        return JsonBody.of(r);
    }

    // ---- Projects, API keys, payment processors, audit (DESIGN.md sections 4, 5 and 9) ----

    static final String PROJECTS = "/api/adm/companyProjects";
    static final String KEYS = "/api/adm/companyProjectKeys";
    static final String PROCESSORS = "/api/adm/projectPaymentProcessors";

    /** An active project of the company, created by the platform administrator; returns its id. */
    static UUID aProject(UUID companyId) {
        return created(asRoot().body(Map.of("companyId", companyId, "projectName", unique("Proj"))).post(PROJECTS));
    }

    /** A project of the company with the given company users (company-user record ids) assigned on creation. */
    static UUID aProjectAssignedTo(UUID companyId, UUID... companyUserIds) {
        return created(asRoot().body(Map.of("companyId", companyId, "projectName", unique("Proj"),
                "companyUsersToAdd", Arrays.asList(companyUserIds))).post(PROJECTS));
    }

    /** An active Simulator credit-card processor of the project; returns its id. */
    static UUID aProcessor(UUID projectId) {
        return created(asRoot().body(Map.of("companyProjectId", projectId, "projectPaymentProcessorName", unique("Sim"),
                "gateway", 1, "paymentType", 1, "isActive", true, "settings", Map.of("simulatorLatencyMs", 0)))
                .post(PROCESSORS));
    }

    /** A new API key of the project, of type TransactionRSAKey or FileContentPGPKey; returns its id. */
    static UUID aKey(UUID projectId, String type) {
        return created(asRoot().body(Map.of("companyProjectId", projectId, "type", type, "name", unique("key")))
                .post(KEYS));
    }

    /** The project's keys as the platform administrator sees them (masked). */
    static List<Map<String, Object>> keysOf(UUID projectId) {
        return ok(asRoot().queryParam("CompanyProjectId", projectId).queryParam("limit", 1000).get(KEYS)).getList("entries");
    }

    /** The company's audit events since the given time, as the platform administrator reads them. */
    static Response auditOf(UUID companyId, OffsetDateTime from) {
        return asRoot().queryParam("CompanyId", companyId).queryParam("from", from.toString()).queryParam("limit", 1000)
                .get("/api/adm/auditEvents");
    }

    static List<Map<String, Object>> auditEventsOf(UUID companyId, OffsetDateTime from) {
        return ok(auditOf(companyId, from)).getList("entries");
    }

    /** True when the audit list holds an event with this action about this target. */
    static boolean audited(List<Map<String, Object>> events, String action, UUID targetId) {
        return events.stream().anyMatch(e -> action.equals(e.get("action")) && targetId.toString().equals(e.get("targetId")));
    }
}
