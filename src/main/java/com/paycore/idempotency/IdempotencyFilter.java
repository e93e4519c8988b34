package com.paycore.idempotency;

import com.paycore.access.Caller;
import com.paycore.access.ProjectCaller;
import com.paycore.platform.data.UniqueViolations;
import com.paycore.platform.input.Times;
import com.paycore.platform.web.AppException;
import com.paycore.platform.web.ErrorCode;
import com.paycore.platform.web.RequestIds;
import com.paycore.platform.web.StrictJson;
import com.paycore.secret.LookupKey;
import com.paycore.secret.SecretBox;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.lang.reflect.Method;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;

import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.Provider;

/**
 * {@code Idempotency-Key} for {@link Idempotent} operations (DESIGN.md section 3). Runs after authentication
 * ({@link Priorities#USER}): the key's scope is the authenticated project (API-key calls, {@link ProjectCaller})
 * or else the user ({@link Caller}).
 * <p>
 * Authorization filters ({@link Priorities#AUTHORIZATION}) run before it, so a caller who may no longer make the
 * request gets that refusal, not the stored answer.
 * <p>
 * Request side: the first request with a key claims it (an IN_PROGRESS row committed at once, holding the key for
 * the claim's lease, {@code payments.idempotency.lease-seconds}, default 30) and runs; a repeat
 * of a completed request is answered with the stored status, headers ({@code Location}...) and body plus
 * {@code Idempotent-Replayed: true} without running the operation; a different request under the same key (method,
 * path, query string or body) is 400; a repeat while the first still runs is 409. A claim whose lease ran out without
 * an answer was left by a request that died (a crash, a database failure): a repeat takes it over and runs, so no
 * key stays blocked. Rows older than 24 h count as absent. The fingerprint is keyed ({@link IdempotencyRules#fingerprint}): a tokenization body holds card data.
 * <p>
 * Response side: a resource method that ran under a claim stores its answer in its effect's own database transaction
 * ({@link ResponseWithEffect}): a crash or a database restart cannot leave an effect without its answer. Here
 * remain the answers of refusals (exceptions mapped to 4xx, whose effect rolled back), stored sealed under the master
 * key (they may hold personal data), with a few attempts spread over some seconds when the database fails; a 5xx
 * releases the claim, if still unanswered, so the client may retry (when the release fails, the lease frees the key).
 * <p>
 * A streamed operation ({@link Idempotent#streamed}: a card file of up to 2 GiB) has its body never read ahead nor
 * kept: the fingerprint is taken as the operation reads it ({@link FingerprintedBody}), the operation stores its answer
 * with it in its effect's transaction ({@link StreamedClaims}), and a repeat under a key whose request is known has
 * its body read through the fingerprint and dropped before the replay or the 400. Its refusals are kept with the
 * rest of the body read the same way, but for those that close the connection unread (413, 415): they release the
 * claim, and a repeat is judged afresh.
 */
@Provider
@ApplicationScoped
@Idempotent
@Priority(Priorities.USER)
class IdempotencyFilter implements ContainerRequestFilter, ContainerResponseFilter {

    private static final Logger LOG = Logger.getLogger(IdempotencyFilter.class.getName());
    private static final int ATTEMPTS = 3;
    /**
     * Pauses between attempts to store an answer whose effect has committed (a database restart between the two):
     * about 7.5 s in all, well inside the claim's lease, so the answer is kept and a retry replays it.
     */
    long[] completeRetriesMs = {250, 500, 1000, 2000, 4000};
    private static final String CONNECTION = "Connection";
    static final String IN_PROGRESS_MESSAGE = "A request with this Idempotency-Key is still in progress";
    /** Headers of one exchange, not of the answer: a replay has its own. */
    private static final Set<String> NOT_REPLAYED = Set.of("x-request-id", "date", "content-length",
            "transfer-encoding", "connection", "set-cookie", IdempotencyRules.REPLAYED_HEADER.toLowerCase(Locale.ROOT));

    @Inject
    IdempotencyStore store;

    @Inject
    ProjectCaller project;

    @Inject
    Caller caller;

    @Inject
    Clock clock;

    @Inject
    LookupKey lookupKey;

    /** The claim this request holds, shared with the resource method's {@link ResponseWithEffect}. */
    @Inject
    HeldKey held;

    /** The matched operation, to tell a streamed one ({@link Idempotent#streamed}). */
    @Context
    ResourceInfo resource;

    /** The master key's box; a field so unit tests can give their own. */
    Supplier<SecretBox> masterKey = SecretBox::get;

    @Override
    public void filter(ContainerRequestContext request) throws IOException {
        String header = request.getHeaderString(IdempotencyRules.HEADER);
        if (header == null) {
            return;
        }
        String key = IdempotencyRules.validKey(header);
        String scope = scope();
        String target = IdempotencyRules.target(request.getUriInfo().getPath(false),
                request.getUriInfo().getRequestUri().getRawQuery());
        if (streamed()) {
            filterStreamed(request, scope, key, target);
            return;
        }
        byte[] body = readBody(request);
        String fingerprint = IdempotencyRules.fingerprint(lookupKey.key(), request.getMethod(), target, body);

        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            OffsetDateTime now = Times.utc(clock.instant());
            Optional<IdempotencyRecord> existing = store.find(scope, key);
            IdempotencyRecord row = existing.orElse(null);
            var decision = row == null
                    ? IdempotencyRules.decide(null, null, null, fingerprint, now)
                    : IdempotencyRules.decide(row.state(), row.fingerprint(), row.expiresAt(), row.leaseUntil(),
                            fingerprint, now);
            switch (decision) {
                case PROCEED, EXPIRED_REPLACE, LAPSED_TAKE_OVER -> {
                    Optional<UUID> claimed = claim(decision, row, scope, key, fingerprint, now);
                    if (claimed.isPresent()) {
                        held.hold(claimed.get());
                        return;
                    }
                }
                case REPLAY -> {
                    request.abortWith(replay(row, masterKey.get()));
                    return;
                }
                case MISMATCH_400 -> throw new AppException(ErrorCode.IDEMPOTENCY_KEY_REUSED);
                case IN_PROGRESS_409 -> throw new AppException(ErrorCode.CONFLICT, IN_PROGRESS_MESSAGE);
                default -> throw new IllegalStateException(decision.name());
            }
            // Another request claimed the key between our read and our write: read again.
        }
        throw new AppException(ErrorCode.CONFLICT, IN_PROGRESS_MESSAGE);
    }

    /**
     * A streamed operation's request ({@link Idempotent#streamed}): the body is never read here ahead of the
     * operation. Its fingerprint is taken as the operation reads it; the claim holds
     * {@link IdempotencyRules#PENDING_FINGERPRINT} until the answer is stored with the real one. Under a key whose
     * request is known (an answer stored), the body is read through the fingerprint and dropped, then the stored
     * answer is replayed or the different request refused, as for any operation.
     */
    private void filterStreamed(ContainerRequestContext request, String scope, String key, String target) {
        FingerprintedBody body = new FingerprintedBody(request.getEntityStream(),
                IdempotencyRules.fingerprintOf(lookupKey.key(), request.getMethod(), target));
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            OffsetDateTime now = Times.utc(clock.instant());
            IdempotencyRecord row = store.find(scope, key).orElse(null);
            var decision = row == null
                    ? IdempotencyRules.decideStreamed(null, null, null, null, now)
                    : IdempotencyRules.decideStreamed(row.state(), row.fingerprint(), row.expiresAt(), row.leaseUntil(),
                            now);
            switch (decision) {
                case PROCEED, EXPIRED_REPLACE, LAPSED_TAKE_OVER -> {
                    Optional<UUID> claimed = claim(decision, row, scope, key, IdempotencyRules.PENDING_FINGERPRINT, now);
                    if (claimed.isPresent()) {
                        body.onProgress(keepingTheLease(claimed.get()));
                        held.holdStreamed(claimed.get(), body);
                        request.setEntityStream(body);
                        return;
                    }
                }
                case READ_BODY_THEN_COMPARE -> {
                    String fingerprint;
                    try {
                        fingerprint = body.readToEndAndFinish();
                    } catch (IOException e) {
                        throw AppException.invalid("the body could not be read to its end (cut short?)");
                    }
                    switch (IdempotencyRules.afterBody(row.state(), row.fingerprint(), fingerprint)) {
                        case REPLAY -> {
                            request.abortWith(replay(row, masterKey.get()));
                            return;
                        }
                        case MISMATCH_400 -> throw new AppException(ErrorCode.IDEMPOTENCY_KEY_REUSED);
                        default -> throw new AppException(ErrorCode.CONFLICT, IN_PROGRESS_MESSAGE);
                    }
                }
                case MISMATCH_400 -> throw new AppException(ErrorCode.IDEMPOTENCY_KEY_REUSED);
                case IN_PROGRESS_409 -> throw new AppException(ErrorCode.CONFLICT, IN_PROGRESS_MESSAGE);
                default -> throw new IllegalStateException(decision.name());
            }
            // Another request claimed the key between our read and our write: read again.
        }
        throw new AppException(ErrorCode.CONFLICT, IN_PROGRESS_MESSAGE);
    }

    /** Claims the key as {@code decision} says (new, over an expired row, over a lapsed claim); empty when a concurrent request won. */
    private Optional<UUID> claim(IdempotencyRules.Decision decision, IdempotencyRecord row, String scope, String key,
                                 String fingerprint, OffsetDateTime now) {
        return switch (decision) {
            case PROCEED -> claimOrLose(() -> Optional.of(store.claim(scope, key, fingerprint, now)));
            case EXPIRED_REPLACE -> claimOrLose(() -> store.replaceExpired(row.id(), scope, key, fingerprint, now));
            case LAPSED_TAKE_OVER -> {
                Optional<UUID> claimed = claimOrLose(() -> store.takeOverLapsed(row.id(), scope, key, fingerprint, now));
                claimed.ifPresent(id -> LOG.info(() -> "Idempotency claim " + row.id() + " lapsed without an answer; "
                        + "taken over by " + id + ", correlation id " + RequestIds.current()));
                yield claimed;
            }
            default -> throw new IllegalStateException(decision.name());
        };
    }

    /**
     * Renews the claim's lease every third of it while the operation reads the body, so a long upload keeps its key
     * (a repeat is 409, not a take-over) for as long as its bytes keep coming. A failed renewal is only logged: at
     * worst the lease runs out, a retry takes the claim over, and this request is refused at its commit.
     */
    private Runnable keepingTheLease(UUID claim) {
        Duration every = store.lease().dividedBy(3);
        Instant[] last = {clock.instant()};
        return () -> {
            Instant now = clock.instant();
            if (Duration.between(last[0], now).compareTo(every) < 0) {
                return;
            }
            last[0] = now;
            try {
                if (!store.renew(claim, Times.utc(now))) {
                    LOG.info(() -> "Idempotency claim " + claim + " was taken over while its body streamed, correlation id "
                            + RequestIds.current());
                }
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "Could not renew the lease of idempotency claim " + claim + ", correlation id "
                        + RequestIds.current(), e);
            }
        };
    }

    /** Whether the matched operation reads its body as a stream ({@link Idempotent#streamed}). */
    private boolean streamed() {
        Method method = resource == null ? null : resource.getResourceMethod();
        if (method == null) {
            return false;
        }
        Idempotent marked = method.getAnnotation(Idempotent.class);
        if (marked == null && resource.getResourceClass() != null) {
            marked = resource.getResourceClass().getAnnotation(Idempotent.class);
        }
        return marked != null && marked.streamed();
    }

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        UUID claim = held.take();
        if (claim == null) {
            return; // no key, a replay, or a refusal by this filter: nothing of ours to record
        }
        if (response.getStatus() >= 500) {
            // Only a claim still IN_PROGRESS goes: when a commit's outcome was unknown (the database went away during
            // it) and it did commit, the answer stored with the effect stays and a retry replays it.
            try {
                store.release(claim);
            } catch (RuntimeException e) {
                // The claim's lease ends it: a retry after payments.idempotency.lease-seconds runs the request.
                LOG.log(Level.WARNING, "Could not release idempotency claim " + claim + " after a server error; its lease "
                        + "frees the key, correlation id " + RequestIds.current(), e);
            }
            return;
        }
        if (held.answered()) {
            return; // stored in the effect's own transaction (ResponseWithEffect, StreamedClaims)
        }
        String fingerprint = null;
        if (held.body() != null) {
            fingerprint = streamedFingerprint(response, held.body());
            if (fingerprint == null) {
                releaseQuietly(claim, "a refusal of a body it did not read");
                return;
            }
        }
        String answer = sealed(claim, response, masterKey.get());
        String streamedFingerprint = fingerprint;
        for (int attempt = 0; ; attempt++) {
            try {
                boolean stored = streamedFingerprint == null ? store.complete(claim, response.getStatus(), answer)
                        : store.completeStreamed(claim, response.getStatus(), answer, streamedFingerprint);
                if (!stored) {
                    LOG.warning("Idempotency row " + claim + " was gone or replaced before its response was stored");
                }
                return;
            } catch (RuntimeException e) {
                if (attempt >= completeRetriesMs.length) {
                    // The answer still goes out; the claim stays IN_PROGRESS until its lease ends (409 on repeats
                    // until then, after it the request runs again: see docs/DECISIONS.md).
                    LOG.log(Level.SEVERE, "Could not record the idempotent response of claim " + claim
                            + ", correlation id " + RequestIds.current(), e);
                    return;
                }
                LOG.warning(() -> "Recording the idempotent response of claim " + claim + " failed (" + e
                        + "); trying again, correlation id " + RequestIds.current());
                pause(completeRetriesMs[attempt]);
            }
        }
    }

    /**
     * The fingerprint of a streamed request whose answer the operation did not store (a refusal, 4xx): the rest of
     * the body is read through it and dropped, so the refusal is kept and replayed like any other. Null when the
     * answer closes the connection, the operation's sign that it refused without reading the body (413 over the
     * size limit, 415), or when the body cannot be read to its end: then nothing is kept (the refusal had no effect)
     * and a repeat is judged afresh.
     */
    private static String streamedFingerprint(ContainerResponseContext response, FingerprintedBody body) {
        for (var header : response.getStringHeaders().entrySet()) {
            if (CONNECTION.equalsIgnoreCase(header.getKey()) && header.getValue() != null
                    && header.getValue().stream().anyMatch(v -> v != null && v.toLowerCase(Locale.ROOT).contains("close"))) {
                return null;
            }
        }
        try {
            return body.readToEndAndFinish();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** Forgets a claim still in progress; when that fails, its lease frees the key. */
    private void releaseQuietly(UUID claim, String why) {
        try {
            store.release(claim);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Could not release idempotency claim " + claim + " after " + why + "; its lease "
                    + "frees the key, correlation id " + RequestIds.current(), e);
        }
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Project scope for an API-key call, else user scope; 401 when neither is authenticated. */
    private String scope() {
        return project.keyId() != null ? IdempotencyRules.projectScope(project.projectId())
                : IdempotencyRules.userScope(caller.userId());
    }

    /** Reads the whole body for the fingerprint and puts it back for the resource. */
    private static byte[] readBody(ContainerRequestContext request) throws IOException {
        InputStream in = request.getEntityStream();
        byte[] body = in == null ? new byte[0] : in.readAllBytes();
        request.setEntityStream(new ByteArrayInputStream(body));
        return body;
    }

    /** Runs a claim; empty when a concurrent request won the unique constraint. */
    private static Optional<UUID> claimOrLose(Supplier<Optional<UUID>> attempt) {
        try {
            return attempt.get();
        } catch (RuntimeException e) {
            if (UniqueViolations.isUniqueViolation(e)) {
                return Optional.empty();
            }
            throw e;
        }
    }

    /** The stored answer again: status, headers and body as first sent, marked as a replay. */
    static Response replay(IdempotencyRecord row, SecretBox box) {
        Response.ResponseBuilder answer = Response.status(row.status());
        JsonObject stored = row.response() == null ? JsonValue.EMPTY_JSON_OBJECT
                : StrictJson.json().createReader(new StringReader(box.decryptString(row.response(), IdempotencyStore.purpose(row.id()))))
                        .readObject();
        JsonObject headers = stored.getJsonObject("headers");
        if (headers != null) {
            headers.forEach((name, values) -> values.asJsonArray().getValuesAs(JsonString.class)
                    .forEach(value -> answer.header(name, value.getString())));
        }
        answer.header(IdempotencyRules.REPLAYED_HEADER, "true");
        if (stored.containsKey("body") && !stored.isNull("body")) {
            if (headers == null || !headers.containsKey(HttpHeaders.CONTENT_TYPE)) {
                answer.type(MediaType.APPLICATION_JSON_TYPE);
            }
            answer.entity(stored.getString("body").getBytes(StandardCharsets.UTF_8));
        }
        return answer.build();
    }

    /**
     * The answer to keep: its headers (but those that belong to one exchange: request id, date, length...) and its
     * body, as one JSON object sealed under the master key with the row's id as purpose.
     */
    static String sealed(UUID claim, ContainerResponseContext response, SecretBox box) {
        return sealed(claim, response.getStringHeaders(), serialized(response.getEntity(), response.getEntityType()), box);
    }

    /** {@link #sealed(UUID, ContainerResponseContext, SecretBox)} of an answer's headers and serialized body. */
    static String sealed(UUID claim, MultivaluedMap<String, String> responseHeaders, String body, SecretBox box) {
        JsonObjectBuilder headers = StrictJson.json().createObjectBuilder();
        responseHeaders.forEach((name, values) -> {
            if (!NOT_REPLAYED.contains(name.toLowerCase(Locale.ROOT)) && values != null && !values.isEmpty()) {
                headers.add(name, StrictJson.json().createArrayBuilder(values));
            }
        });
        JsonObjectBuilder answer = StrictJson.json().createObjectBuilder().add("headers", headers);
        if (body != null) {
            answer.add("body", body);
        }
        return box.encrypt(answer.build().toString(), IdempotencyStore.purpose(claim));
    }

    /** The response body as the API writes it: the application's JSON-B (the Envelope has its own serializer). */
    static String serialized(Object entity, Type entityType) {
        if (entity == null) {
            return null;
        }
        if (entity instanceof byte[] bytes) {
            return new String(bytes, StandardCharsets.UTF_8);
        }
        if (entity instanceof String text) {
            return text;
        }
        return entityType != null
                ? StrictJson.jsonb().toJson(entity, entityType)
                : StrictJson.jsonb().toJson(entity);
    }
}
