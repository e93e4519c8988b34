package com.paycore.idempotency;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.StringReader;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.persistence.PersistenceException;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.MultivaluedHashMap;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.paycore.access.Caller;
import com.paycore.access.ProjectCaller;
import com.paycore.platform.input.CountedInputStream;
import com.paycore.platform.input.Times;
import com.paycore.platform.web.AppException;
import com.paycore.platform.web.Envelope;
import com.paycore.platform.web.ErrorCode;
import com.paycore.platform.web.ErrorResponses;
import com.paycore.platform.web.StrictJson;
import com.paycore.secret.LookupKey;
import com.paycore.secret.SecretBox;

/** The filter's orchestration over an in-memory store and hand-made request/response contexts (no container). */
class IdempotencyFilterTest {

    private static final UUID PROJECT = UUID.fromString("11111111-1111-1111-1111-111111111111");
    private static final UUID USER = UUID.fromString("22222222-2222-2222-2222-222222222222");
    private static final byte[] LOOKUP_KEY = "0123456789abcdef0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
    private static final SecretBox BOX = new SecretBox("fedcba9876543210fedcba9876543210".getBytes(StandardCharsets.US_ASCII));

    private MemoryStore store;
    private MutableClock clock;

    @BeforeEach
    void setUp() {
        store = new MemoryStore();
        clock = new MutableClock(Instant.parse("2025-03-01T12:00:00Z"));
    }

    private IdempotencyFilter filter(boolean projectCall) {
        IdempotencyFilter f = new IdempotencyFilter();
        f.store = store;
        f.clock = clock;
        f.project = new ProjectCaller();
        f.caller = new Caller();
        f.lookupKey = new LookupKey() {
            @Override
            public byte[] key() {
                return LOOKUP_KEY;
            }
        };
        f.masterKey = () -> BOX;
        if (projectCall) {
            f.project.authenticate(new ProjectCaller.Snapshot(UUID.randomUUID(), PROJECT, true, null, null, UUID.randomUUID(),
                    true, 0, true, null, null));
        } else {
            f.caller.authenticate(USER, "u@example.com", false);
        }
        return f;
    }

    /** Sends a request through the request filter, then (unless aborted) "runs" the resource and the response filter. */
    private Outcome send(IdempotencyFilter f, String key, String path, String body, int status, Object entity) throws Exception {
        return send(f, key, path, body, status, entity, Map.of());
    }

    private Outcome send(IdempotencyFilter f, String key, String path, String body, int status, Object entity,
                         Map<String, String> headers) throws Exception {
        FakeRequest request = new FakeRequest("POST", path, key, body);
        Outcome outcome = new Outcome();
        try {
            f.filter(in(f, request));
        } catch (AppException refused) {
            outcome.refusal = refused;
            f.filter(in(f, request), response(refused.getResponse().getStatus(), null));
            return outcome;
        }
        if (request.aborted != null) {
            outcome.replayed = request.aborted;
            f.filter(in(f, request), response(request.aborted.getStatus(), request.aborted.getEntity()));
            return outcome;
        }
        outcome.bodySeenByResource = new String(request.entity.readAllBytes(), StandardCharsets.UTF_8);
        outcome.ran = true;
        f.filter(in(f, request), response(status, entity, headers));
        return outcome;
    }

    @Test
    void withoutHeaderNothingHappensAndTheBodyIsUntouched() throws Exception {
        Outcome o = send(filter(true), null, "pay/p/payments", "{\"amount\":1}", 200, Envelope.ok());
        assertTrue(o.ran);
        assertEquals("{\"amount\":1}", o.bodySeenByResource);
        assertTrue(store.rows.isEmpty());
    }

    @Test
    void firstRequestRunsWithItsBodyAndIsStored() throws Exception {
        Envelope<Envelope.Created> answer = Envelope.ok(new Envelope.Created(UUID.fromString("33333333-3333-3333-3333-333333333333")));
        Outcome o = send(filter(true), "k1", "pay/p/payments", "{\"amount\":1}", 201, answer);
        assertTrue(o.ran);
        assertEquals("{\"amount\":1}", o.bodySeenByResource);
        IdempotencyRecord row = store.rows.get("project:" + PROJECT + "|k1");
        assertEquals(IdempotencyRules.State.COMPLETED, row.state());
        assertEquals(201, row.status());
        assertEquals(StrictJson.jsonb().toJson(answer), opened(row).getString("body"));
    }

    @Test
    void theStoredAnswerIsSealedUnderTheMasterKey() throws Exception {
        Envelope<Holder> answer = Envelope.ok(new Holder("Ada Lovelace"));
        send(filter(true), "k1", "pay/p/tokens", "{}", 201, answer);
        IdempotencyRecord row = store.rows.get("project:" + PROJECT + "|k1");
        assertTrue(row.response().startsWith("v1." + BOX.currentKeyId() + "."), row.response());
        assertTrue(!row.response().contains("Ada"), row.response());
        assertTrue(opened(row).getString("body").contains("Ada Lovelace"));
    }

    @Test
    void aReplayCarriesTheFirstAnswersHeadersButNotThoseOfTheExchange() throws Exception {
        IdempotencyFilter f = filter(true);
        send(f, "k1", "pay/p/payments", "{}", 201, Envelope.ok(),
                Map.of("Location", "http://h/api/pay/p/payments/9", "X-Request-Id", "first-request"));
        Outcome again = send(f, "k1", "pay/p/payments", "{}", 500, null);
        assertEquals(201, again.replayed.getStatus());
        assertEquals("http://h/api/pay/p/payments/9", again.replayed.getHeaderString("Location"));
        assertNull(again.replayed.getHeaderString("X-Request-Id"));
        assertEquals("true", again.replayed.getHeaderString(IdempotencyRules.REPLAYED_HEADER));
    }

    @Test
    void anAnswerWhoseFirstStoresFailIsStillStoredAndReplayed() throws Exception {
        IdempotencyFilter f = filter(true);
        f.completeRetriesMs = new long[] {0, 0, 0};
        store.failingCompletes = 3;
        assertTrue(send(f, "k1", "pay/p/payments", "{}", 201, Envelope.ok()).ran);
        assertEquals(IdempotencyRules.State.COMPLETED, store.rows.values().iterator().next().state());
        assertEquals(201, send(f, "k1", "pay/p/payments", "{}", 500, null).replayed.getStatus());
    }

    @Test
    void aClaimWhoseAnswerCouldNotBeStoredIsTakenOverAfterItsLease() throws Exception {
        IdempotencyFilter f = filter(true);
        f.completeRetriesMs = new long[] {0};
        store.failingCompletes = 2;
        assertTrue(send(f, "k1", "pay/p/payments", "{}", 201, Envelope.ok()).ran);
        assertEquals(IdempotencyRules.State.IN_PROGRESS, store.rows.values().iterator().next().state());
        assertEquals(409, send(f, "k1", "pay/p/payments", "{}", 201, Envelope.ok()).refusal.getResponse().getStatus());
        clock.advance(Duration.ofSeconds(31));
        assertTrue(send(f, "k1", "pay/p/payments", "{}", 201, Envelope.ok()).ran, "the retry after the lease runs");
        assertEquals(IdempotencyRules.State.COMPLETED, store.rows.values().iterator().next().state());
    }

    @Test
    void aServerErrorWhoseReleaseFailsFreesTheKeyAfterTheLease() throws Exception {
        IdempotencyFilter f = filter(true);
        store.failingReleases = 1;
        send(f, "k1", "pay/p/payments", "{}", 500, null);
        assertEquals(409, send(f, "k1", "pay/p/payments", "{}", 201, Envelope.ok()).refusal.getResponse().getStatus());
        clock.advance(Duration.ofSeconds(30));
        assertTrue(send(f, "k1", "pay/p/payments", "{}", 201, Envelope.ok()).ran);
    }

    @Test
    void anotherQueryStringUnderTheSameKeyIs400() throws Exception {
        IdempotencyFilter f = filter(false);
        send(f, "k1", "adm/transactions/t/reverse?companyProjectId=a", "", 200, Envelope.ok());
        assertEquals(ErrorCode.IDEMPOTENCY_KEY_REUSED,
                send(f, "k1", "adm/transactions/t/reverse?companyProjectId=b", "", 200, null).refusal.code());
        assertTrue(send(f, "k1", "adm/transactions/t/reverse?companyProjectId=a", "", 500, null).replayed != null);
    }

    private static JsonObject opened(IdempotencyRecord row) {
        return Json.createReader(new StringReader(
                BOX.decryptString(row.response(), IdempotencyStore.purpose(row.id())))).readObject();
    }

    @Test
    void repeatReplaysTheStoredResponseWithoutRunning() throws Exception {
        IdempotencyFilter f = filter(true);
        Envelope<Status> answer = Envelope.ok(new Status("Approved"));
        send(f, "k1", "pay/p/payments", "{\"amount\":1}", 201, answer);
        Outcome again = send(f, "k1", "pay/p/payments", "{\"amount\":1}", 500, null);
        assertTrue(!again.ran);
        assertEquals(201, again.replayed.getStatus());
        assertEquals("true", again.replayed.getHeaderString(IdempotencyRules.REPLAYED_HEADER));
        assertEquals("application/json", again.replayed.getMediaType().toString());
        assertArrayEquals(StrictJson.jsonb().toJson(answer).getBytes(StandardCharsets.UTF_8),
                (byte[]) again.replayed.getEntity());
        assertEquals(IdempotencyRules.State.COMPLETED, store.rows.values().iterator().next().state());
    }

    @Test
    void errorEnvelopesBelow500AreStoredAndReplayedToo() throws Exception {
        IdempotencyFilter f = filter(true);
        Response refused = ErrorResponses.of(ErrorCode.VALIDATION, "amount: must be positive");
        send(f, "k1", "pay/p/payments", "{\"amount\":-1}", 400, refused.getEntity());
        Outcome again = send(f, "k1", "pay/p/payments", "{\"amount\":-1}", 200, Envelope.ok());
        assertEquals(400, again.replayed.getStatus());
        assertEquals(StrictJson.jsonb().toJson(refused.getEntity()),
                new String((byte[]) again.replayed.getEntity(), StandardCharsets.UTF_8));
    }

    @Test
    void differentBodyUnderTheSameKeyIs400() throws Exception {
        IdempotencyFilter f = filter(true);
        send(f, "k1", "pay/p/payments", "{\"amount\":1}", 200, Envelope.ok());
        Outcome o = send(f, "k1", "pay/p/payments", "{\"amount\":2}", 200, Envelope.ok());
        assertEquals(ErrorCode.IDEMPOTENCY_KEY_REUSED, o.refusal.code());
        assertTrue(!o.ran);
    }

    @Test
    void differentPathUnderTheSameKeyIs400() throws Exception {
        IdempotencyFilter f = filter(true);
        send(f, "k1", "pay/p/payments", "{}", 200, Envelope.ok());
        assertEquals(ErrorCode.IDEMPOTENCY_KEY_REUSED, send(f, "k1", "pay/p/refunds", "{}", 200, null).refusal.code());
    }

    @Test
    void repeatWhileTheFirstRunsIs409AndLeavesTheClaimAlone() throws Exception {
        IdempotencyFilter f = filter(true);
        FakeRequest first = new FakeRequest("POST", "pay/p/payments", "k1", "{}");
        f.filter(in(f, first));
        Outcome second = send(f, "k1", "pay/p/payments", "{}", 200, Envelope.ok());
        assertEquals(ErrorCode.CONFLICT, second.refusal.code());
        assertEquals(409, second.refusal.getResponse().getStatus());
        assertEquals(IdempotencyRules.State.IN_PROGRESS, store.rows.values().iterator().next().state());
        f.filter(in(f, first), response(200, Envelope.ok()));
        assertEquals(IdempotencyRules.State.COMPLETED, store.rows.values().iterator().next().state());
    }

    @Test
    void serverErrorReleasesTheKeySoTheClientMayRetry() throws Exception {
        IdempotencyFilter f = filter(true);
        send(f, "k1", "pay/p/payments", "{}", 500, Envelope.error(500, "Unexpected error"));
        assertTrue(store.rows.isEmpty());
        assertTrue(send(f, "k1", "pay/p/payments", "{}", 200, Envelope.ok()).ran);
    }

    @Test
    void expiredRowIsReplacedAsIfAbsent() throws Exception {
        IdempotencyFilter f = filter(true);
        send(f, "k1", "pay/p/payments", "{\"amount\":1}", 200, Envelope.ok());
        clock.advance(Duration.ofHours(24));
        Outcome o = send(f, "k1", "pay/p/payments", "{\"amount\":2}", 201, Envelope.ok());
        assertTrue(o.ran);
        assertEquals(201, store.rows.values().iterator().next().status());
    }

    @Test
    void keysAreScopedToTheProjectOrTheUser() throws Exception {
        send(filter(true), "k1", "x", "{}", 200, Envelope.ok());
        assertTrue(send(filter(false), "k1", "x", "{\"other\":1}", 200, Envelope.ok()).ran);
        assertTrue(store.rows.containsKey("project:" + PROJECT + "|k1"));
        assertTrue(store.rows.containsKey("user:" + USER + "|k1"));
    }

    @Test
    void invalidKeyIs400BeforeAnythingIsStored() throws Exception {
        assertEquals(ErrorCode.IDEMPOTENCY_KEY_INVALID,
                send(filter(true), "", "x", "{}", 200, null).refusal.code());
        assertEquals(ErrorCode.IDEMPOTENCY_KEY_INVALID,
                send(filter(true), "k".repeat(256), "x", "{}", 200, null).refusal.code());
        assertTrue(store.rows.isEmpty());
    }

    @Test
    void unauthenticatedCallerIs401() {
        IdempotencyFilter f = filter(true);
        f.project = new ProjectCaller();
        AppException e = assertThrows(AppException.class,
                () -> f.filter(in(f, new FakeRequest("POST", "x", "k1", "{}"))));
        assertEquals(ErrorCode.UNAUTHENTICATED, e.code());
    }

    @Test
    void losingTheInsertRaceReadsTheWinnersRow() throws Exception {
        IdempotencyFilter f = filter(true);
        // Another instance claims the key between this request's read and its insert.
        store.beforeClaim = () -> store.put(new IdempotencyRecord("project:" + PROJECT, "k1",
                IdempotencyRules.fingerprint(LOOKUP_KEY, "POST", "x", "{}".getBytes(StandardCharsets.UTF_8)),
                Times.utc(clock.instant()), Duration.ofSeconds(30)));
        Outcome o = send(f, "k1", "x", "{}", 200, Envelope.ok());
        assertEquals(409, o.refusal.getResponse().getStatus());
        assertEquals(1, store.claims.get());
    }

    @Test
    void responseWithoutBodyReplaysWithoutBody() throws Exception {
        IdempotencyFilter f = filter(false);
        send(f, "k1", "x", "", 204, null);
        Outcome o = send(f, "k1", "x", "", 200, Envelope.ok());
        assertEquals(204, o.replayed.getStatus());
        assertNull(o.replayed.getEntity());
    }

    // --- streamed operations (@Idempotent(streamed = true)): the body is never read ahead of the operation

    private static final String UPLOAD = "pay/p/cardFiles";

    static class Uploads {
        @Idempotent(streamed = true)
        public void upload() {
        }

        @Idempotent
        public void readWhole() {
        }
    }

    private IdempotencyFilter streamedFilter() throws Exception {
        IdempotencyFilter f = filter(true);
        Method upload = Uploads.class.getMethod("upload");
        f.resource = (ResourceInfo) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {ResourceInfo.class}, (p, m, a) -> switch (m.getName()) {
                    case "getResourceMethod" -> upload;
                    case "getResourceClass" -> Uploads.class;
                    default -> throw new UnsupportedOperationException(m.getName());
                });
        return f;
    }

    /**
     * A streamed request through the filters; the "operation" reads {@code reads} bytes of the body (-1: all of it)
     * and answers {@code status}. {@link Outcome#readBeforeTheOperation} tells what the request filter read.
     */
    private Outcome sendStreamed(IdempotencyFilter f, String key, String body, int reads, int status, Object entity,
                                 Map<String, String> headers) throws Exception {
        FakeRequest request = new FakeRequest("POST", UPLOAD, key, body);
        Outcome outcome = new Outcome();
        outcome.request = request;
        try {
            f.filter(in(f, request));
        } catch (AppException refused) {
            outcome.refusal = refused;
            outcome.readBeforeTheOperation = request.sent.count();
            f.filter(in(f, request), response(refused.getResponse().getStatus(), null));
            return outcome;
        }
        outcome.readBeforeTheOperation = request.sent.count();
        if (request.aborted != null) {
            outcome.replayed = request.aborted;
            f.filter(in(f, request), response(request.aborted.getStatus(), request.aborted.getEntity()));
            return outcome;
        }
        outcome.ran = true;
        byte[] seen = reads < 0 ? request.entity.readAllBytes() : request.entity.readNBytes(reads);
        outcome.bodySeenByResource = new String(seen, StandardCharsets.UTF_8);
        f.filter(in(f, request), response(status, entity, headers));
        return outcome;
    }

    private static String uploadFingerprint(String body) {
        return IdempotencyRules.fingerprint(LOOKUP_KEY, "POST", UPLOAD, body.getBytes(StandardCharsets.UTF_8));
    }

    private IdempotencyRecord onlyRow() {
        assertEquals(1, store.rows.size());
        return store.rows.values().iterator().next();
    }

    @Test
    void aStreamedRequestIsClaimedUnreadAndKeptWithItsWholeBodysFingerprint() throws Exception {
        IdempotencyFilter f = streamedFilter();
        String file = "-----BEGIN PGP MESSAGE-----" + "x".repeat(100_000);
        FakeRequest request = new FakeRequest("POST", UPLOAD, "k1", file);
        f.filter(in(f, request));
        assertEquals(0, request.sent.count(), "the filter reads nothing ahead of the operation");
        assertEquals(IdempotencyRules.State.IN_PROGRESS, onlyRow().state());
        assertEquals(IdempotencyRules.PENDING_FINGERPRINT, onlyRow().fingerprint());
        assertEquals(file, new String(request.entity.readAllBytes(), StandardCharsets.UTF_8), "the operation reads it all");
        f.filter(in(f, request), response(202, Envelope.ok()));
        assertEquals(IdempotencyRules.State.COMPLETED, onlyRow().state());
        assertEquals(202, onlyRow().status());
        assertEquals(uploadFingerprint(file), onlyRow().fingerprint(), "the same value as a body read whole");
    }

    @Test
    void theSameStreamedRequestAgainIsReadThroughAndReplayed() throws Exception {
        IdempotencyFilter f = streamedFilter();
        sendStreamed(f, "k1", "file one", -1, 202, Envelope.ok(), Map.of("Location", "http://h/api/pay/p/cardFiles/9"));
        Outcome again = sendStreamed(f, "k1", "file one", -1, 500, null, Map.of());
        assertTrue(!again.ran);
        assertEquals(202, again.replayed.getStatus());
        assertEquals("true", again.replayed.getHeaderString(IdempotencyRules.REPLAYED_HEADER));
        assertEquals("http://h/api/pay/p/cardFiles/9", again.replayed.getHeaderString("Location"));
        assertEquals("file one".length(), again.readBeforeTheOperation, "read to its end, then dropped");
    }

    @Test
    void anotherBodyUnderTheKeyOfAStreamedRequestIs400() throws Exception {
        IdempotencyFilter f = streamedFilter();
        sendStreamed(f, "k1", "file one", -1, 202, Envelope.ok(), Map.of());
        Outcome other = sendStreamed(f, "k1", "file two", -1, 202, Envelope.ok(), Map.of());
        assertEquals(ErrorCode.IDEMPOTENCY_KEY_REUSED, other.refusal.code());
        assertTrue(!other.ran);
        // and a key first used by an operation read whole
        IdempotencyFilter whole = filter(true);
        send(whole, "k2", "pay/p/payments", "{}", 201, Envelope.ok());
        assertEquals(ErrorCode.IDEMPOTENCY_KEY_REUSED, sendStreamed(f, "k2", "{}", -1, 202, null, Map.of()).refusal.code());
    }

    @Test
    void aRepeatWhileTheUploadRunsIs409WithoutReadingItsBody() throws Exception {
        IdempotencyFilter f = streamedFilter();
        FakeRequest first = new FakeRequest("POST", UPLOAD, "k1", "file one");
        f.filter(in(f, first));
        Outcome second = sendStreamed(f, "k1", "file one", -1, 202, Envelope.ok(), Map.of());
        assertEquals(409, second.refusal.getResponse().getStatus());
        assertEquals(0, second.readBeforeTheOperation);
        // a request read whole meets the running upload the same way
        assertEquals(409, send(filter(true), "k1", UPLOAD, "file one", 202, null).refusal.getResponse().getStatus());
        first.entity.readAllBytes();
        f.filter(in(f, first), response(202, Envelope.ok()));
        assertEquals(202, sendStreamed(f, "k1", "file one", -1, 500, null, Map.of()).replayed.getStatus());
    }

    @Test
    void aStreamedClaimWhoseLeaseRanOutIsTakenOver() throws Exception {
        IdempotencyFilter f = streamedFilter();
        FakeRequest dead = new FakeRequest("POST", UPLOAD, "k1", "file one");
        f.filter(in(f, dead));
        clock.advance(Duration.ofSeconds(30));
        Outcome retry = sendStreamed(f, "k1", "file one", -1, 202, Envelope.ok(), Map.of());
        assertTrue(retry.ran);
        assertEquals(uploadFingerprint("file one"), onlyRow().fingerprint());
        // the first request's late answer finds its claim gone and stores nothing
        dead.entity.readAllBytes();
        f.filter(in(f, dead), response(202, Envelope.ok(new Status("late"))));
        assertEquals(202, onlyRow().status());
        assertTrue(!opened(onlyRow()).getString("body").contains("late"));
    }

    @Test
    void anUploadKeepsItsKeyWhileItsBytesKeepComingLongerThanTheLease() throws Exception {
        IdempotencyFilter f = streamedFilter();
        FakeRequest upload = new FakeRequest("POST", UPLOAD, "k1", "x".repeat(100));
        f.filter(in(f, upload));
        for (int second = 0; second < 90; second += 5) {
            upload.entity.readNBytes(5);
            clock.advance(Duration.ofSeconds(5));
        }
        assertEquals(8, store.renewals.size(), "every third of the lease: " + store.renewals);
        Outcome repeat = sendStreamed(f, "k1", "x".repeat(100), -1, 202, Envelope.ok(), Map.of());
        assertEquals(409, repeat.refusal.getResponse().getStatus(), "90 s in, the upload still holds its key");
        upload.entity.readAllBytes();
        f.filter(in(f, upload), response(202, Envelope.ok()));
        assertEquals(uploadFingerprint("x".repeat(100)), onlyRow().fingerprint());
        // once its bytes stop coming, the lease runs out like any other
        FakeRequest stalled = new FakeRequest("POST", UPLOAD, "k2", "y".repeat(10));
        f.filter(in(f, stalled));
        clock.advance(Duration.ofSeconds(30));
        assertTrue(sendStreamed(f, "k2", "y".repeat(10), -1, 202, Envelope.ok(), Map.of()).ran);
    }

    @Test
    void aRefusalThatClosesTheConnectionUnreadKeepsNothingAndReadsNothing() throws Exception {
        IdempotencyFilter f = streamedFilter();
        Response tooLarge = ErrorResponses.of(ErrorCode.BODY_TOO_LARGE.status(), "too large");
        Outcome o = sendStreamed(f, "k1", "a huge file", 0, 413, tooLarge.getEntity(), Map.of("Connection", "close"));
        assertTrue(o.ran);
        assertEquals(0, o.request.sent.count(), "the body stays unread: the connection closes");
        assertTrue(store.rows.isEmpty(), "the claim is released");
        Outcome again = sendStreamed(f, "k1", "a huge file", 0, 413, tooLarge.getEntity(), Map.of("Connection", "close"));
        assertTrue(again.ran, "a repeat is judged afresh");
    }

    @Test
    void aRefusalAfterPartOfTheBodyIsKeptWithTheWholeBodysFingerprintAndReplayed() throws Exception {
        IdempotencyFilter f = streamedFilter();
        Response refused = ErrorResponses.of(ErrorCode.VALIDATION, "the body is not an OpenPGP message");
        Outcome first = sendStreamed(f, "k1", "not a pgp message", 3, 400, refused.getEntity(), Map.of());
        assertEquals("not", first.bodySeenByResource);
        assertEquals("not a pgp message".length(), first.request.sent.count(), "the rest read through the fingerprint");
        assertEquals(400, onlyRow().status());
        assertEquals(uploadFingerprint("not a pgp message"), onlyRow().fingerprint());
        Outcome again = sendStreamed(f, "k1", "not a pgp message", 3, 202, Envelope.ok(), Map.of());
        assertEquals(400, again.replayed.getStatus());
        assertEquals("true", again.replayed.getHeaderString(IdempotencyRules.REPLAYED_HEADER));
        assertEquals(ErrorCode.IDEMPOTENCY_KEY_REUSED,
                sendStreamed(f, "k1", "a real message", -1, 202, Envelope.ok(), Map.of()).refusal.code());
    }

    @Test
    void aServerErrorOfAStreamedRequestReleasesItsClaim() throws Exception {
        IdempotencyFilter f = streamedFilter();
        sendStreamed(f, "k1", "file one", 2, 500, null, Map.of());
        assertTrue(store.rows.isEmpty());
        assertTrue(sendStreamed(f, "k1", "file one", -1, 202, Envelope.ok(), Map.of()).ran);
    }

    @Test
    void onlyOperationsMarkedStreamedAreStreamed() throws Exception {
        assertTrue(Uploads.class.getMethod("upload").getAnnotation(Idempotent.class).streamed());
        assertTrue(!Uploads.class.getMethod("readWhole").getAnnotation(Idempotent.class).streamed());
        IdempotencyFilter f = filter(true);
        Method whole = Uploads.class.getMethod("readWhole");
        f.resource = (ResourceInfo) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {ResourceInfo.class}, (p, m, a) -> switch (m.getName()) {
                    case "getResourceMethod" -> whole;
                    case "getResourceClass" -> Uploads.class;
                    default -> throw new UnsupportedOperationException(m.getName());
                });
        FakeRequest request = new FakeRequest("POST", "pay/p/payments", "k1", "{}");
        f.filter(in(f, request));
        assertEquals(2, request.sent.count(), "an operation read whole has its body read first");
        assertEquals(IdempotencyRules.fingerprint(LOOKUP_KEY, "POST", "pay/p/payments", "{}".getBytes(StandardCharsets.UTF_8)),
                onlyRow().fingerprint());
    }

    // --- fakes

    private static final class Outcome {
        FakeRequest request;
        long readBeforeTheOperation;
        boolean ran;
        String bodySeenByResource;
        Response replayed;
        AppException refusal;
    }

    /** The request's context, with the filter seeing that request's claim (the container's request scope). */
    private static ContainerRequestContext in(IdempotencyFilter f, FakeRequest request) {
        f.held = request.claim;
        return request.context;
    }

    private static final class FakeRequest {
        final Map<String, Object> properties = new HashMap<>();
        final HeldKey claim = new HeldKey();
        InputStream entity;
        Response aborted;
        final ContainerRequestContext context;

        /** The body as the client sends it: how much of it anyone has read. */
        final CountedInputStream sent;

        FakeRequest(String method, String target, String key, String body) {
            this.sent = new CountedInputStream(
                    new ByteArrayInputStream(body.getBytes(StandardCharsets.UTF_8)));
            this.entity = sent;
            String path = target.contains("?") ? target.substring(0, target.indexOf('?')) : target;
            UriInfo uri = (UriInfo) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {UriInfo.class},
                    (p, m, a) -> switch (m.getName()) {
                        case "getPath" -> path;
                        case "getRequestUri" -> URI.create("http://h/api/" + target);
                        default -> throw new UnsupportedOperationException(m.getName());
                    });
            this.context = (ContainerRequestContext) Proxy.newProxyInstance(getClass().getClassLoader(),
                    new Class<?>[] {ContainerRequestContext.class}, (p, m, a) -> switch (m.getName()) {
                        case "getHeaderString" -> IdempotencyRules.HEADER.equals(a[0]) ? key : null;
                        case "getMethod" -> method;
                        case "getUriInfo" -> uri;
                        case "getEntityStream" -> entity;
                        case "setEntityStream" -> {
                            entity = (InputStream) a[0];
                            yield null;
                        }
                        case "getProperty" -> properties.get((String) a[0]);
                        case "setProperty" -> properties.put((String) a[0], a[1]);
                        case "removeProperty" -> properties.remove((String) a[0]);
                        case "abortWith" -> {
                            aborted = (Response) a[0];
                            yield null;
                        }
                        default -> throw new UnsupportedOperationException(m.getName());
                    });
        }
    }

    private static ContainerResponseContext response(int status, Object entity) {
        return response(status, entity, Map.of());
    }

    private static ContainerResponseContext response(int status, Object entity, Map<String, String> headers) {
        MultivaluedMap<String, String> sent = new MultivaluedHashMap<>();
        headers.forEach(sent::add);
        return (ContainerResponseContext) Proxy.newProxyInstance(IdempotencyFilterTest.class.getClassLoader(),
                new Class<?>[] {ContainerResponseContext.class}, (p, m, a) -> switch (m.getName()) {
                    case "getStatus" -> status;
                    case "getStringHeaders" -> sent;
                    case "getEntity" -> entity;
                    case "getEntityType" -> entity == null ? null : entity.getClass();
                    default -> throw new UnsupportedOperationException(m.getName());
                });
    }

    /** The store's contract in memory, the unique (scope, key) constraint included. */
    private static final class MemoryStore extends IdempotencyStore {
        final Map<String, IdempotencyRecord> rows = new HashMap<>();
        final AtomicInteger claims = new AtomicInteger();
        Runnable beforeClaim = () -> { };
        int failingCompletes;
        int failingReleases;

        void put(IdempotencyRecord row) {
            rows.put(field(row, "scope") + "|" + field(row, "idemKey"), row);
        }

        @Override
        public Optional<IdempotencyRecord> find(String scope, String key) {
            return Optional.ofNullable(rows.get(scope + "|" + key));
        }

        @Override
        public UUID claim(String scope, String key, String fingerprint, OffsetDateTime now) {
            claims.incrementAndGet();
            beforeClaim.run();
            beforeClaim = () -> { };
            if (rows.containsKey(scope + "|" + key)) {
                throw new PersistenceException(new SQLException("duplicate", "23505"));
            }
            IdempotencyRecord row = new IdempotencyRecord(scope, key, fingerprint, now, Duration.ofSeconds(30));
            put(row);
            return row.id();
        }

        @Override
        public Optional<UUID> replaceExpired(UUID expiredId, String scope, String key, String fingerprint,
                                             OffsetDateTime now) {
            IdempotencyRecord old = rows.get(scope + "|" + key);
            if (old == null || !old.id().equals(expiredId) || old.expiresAt().isAfter(now)) {
                return Optional.empty();
            }
            IdempotencyRecord row = new IdempotencyRecord(scope, key, fingerprint, now, Duration.ofSeconds(30));
            put(row);
            return Optional.of(row.id());
        }

        @Override
        public boolean complete(UUID id, int status, String response) {
            if (failingCompletes > 0) {
                failingCompletes--;
                throw new PersistenceException("the database is away");
            }
            for (IdempotencyRecord row : rows.values()) {
                if (row.id().equals(id) && row.state() == IdempotencyRules.State.IN_PROGRESS) {
                    set(row, "state", IdempotencyRules.State.COMPLETED);
                    set(row, "status", status);
                    set(row, "response", response);
                    return true;
                }
            }
            return false;
        }

        @Override
        public boolean completeStreamed(UUID id, int status, String response, String fingerprint) {
            for (IdempotencyRecord row : rows.values()) {
                if (row.id().equals(id) && row.state() == IdempotencyRules.State.IN_PROGRESS) {
                    set(row, "fingerprint", fingerprint);
                }
            }
            return complete(id, status, response);
        }

        final List<OffsetDateTime> renewals = new ArrayList<>();

        @Override
        Duration lease() {
            return Duration.ofSeconds(30);
        }

        @Override
        public boolean renew(UUID id, OffsetDateTime now) {
            for (IdempotencyRecord row : rows.values()) {
                if (row.id().equals(id) && row.state() == IdempotencyRules.State.IN_PROGRESS) {
                    renewals.add(now);
                    set(row, "leaseUntil", now.plus(lease()));
                    return true;
                }
            }
            return false;
        }

        @Override
        public void release(UUID id) {
            if (failingReleases > 0) {
                failingReleases--;
                throw new PersistenceException("the database is away");
            }
            rows.values().removeIf(r -> r.id().equals(id) && r.state() == IdempotencyRules.State.IN_PROGRESS);
        }

        @Override
        public Optional<UUID> takeOverLapsed(UUID lapsedId, String scope, String key, String fingerprint,
                                             OffsetDateTime now) {
            IdempotencyRecord old = rows.get(scope + "|" + key);
            if (old == null || !old.id().equals(lapsedId) || old.state() != IdempotencyRules.State.IN_PROGRESS
                    || old.leaseUntil().isAfter(now)) {
                return Optional.empty();
            }
            IdempotencyRecord row = new IdempotencyRecord(scope, key, fingerprint, now, Duration.ofSeconds(30));
            put(row);
            return Optional.of(row.id());
        }

        private static Object field(IdempotencyRecord row, String name) {
            try {
                var f = IdempotencyRecord.class.getDeclaredField(name);
                f.setAccessible(true);
                return f.get(row);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }

        private static void set(IdempotencyRecord row, String name, Object value) {
            try {
                var f = IdempotencyRecord.class.getDeclaredField(name);
                f.setAccessible(true);
                f.set(row, value);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    private static final class MutableClock extends Clock {
        private Instant now;

        MutableClock(Instant now) {
            this.now = now;
        }

        void advance(Duration d) {
            now = now.plus(d);
        }

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    public record Holder(String cardholderName) {
    }

    public record Status(String status) {
    }
}
