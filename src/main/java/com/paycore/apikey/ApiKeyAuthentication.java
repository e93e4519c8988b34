package com.paycore.apikey;

import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.ext.Provider;

import com.paycore.access.KeyCheckedByRead;
import com.paycore.access.ProjectCaller;
import com.paycore.platform.input.Ids;
import com.paycore.platform.web.AppException;
import com.paycore.platform.web.Envelope;
import com.paycore.platform.web.ErrorCode;
import com.paycore.secret.LookupKey;

/**
 * Every request under /api/pay/{projectId} needs a project API key, sent as {@code X-API-Key: <key>} or
 * {@code Authorization: Bearer <key>}. The key is found by its keyed hash (HMAC-SHA-256 of the presented value: the
 * value itself is never compared, so no comparison's timing depends on it), and must be usable now (active, unexpired,
 * not past its deactivation date) and of the path's project: checked in the database on every request, in the one
 * statement of {@link ProjectCaller#read} that also reads the project's and company's states, so a deactivation bites at once
 * on every instance. Anything else, an administrator's token included, is 401.
 * <p>
 * On a {@link KeyCheckedByRead} route (a GET) the same check runs in the route's own statement instead: the filter
 * presents the key to the caller with its test, and before the answer leaves, a key no statement has checked yet is
 * checked here; if it does not pass, the answer is the 401 whatever the route answered.
 */
@Provider
@ApplicationScoped
@Priority(Priorities.AUTHENTICATION)
class ApiKeyAuthentication implements ContainerRequestFilter, ContainerResponseFilter {

    @Inject
    ProjectCaller caller;

    @Inject
    Clock clock;

    @Inject
    LookupKey lookupKey;

    @Context
    ResourceInfo resource;

    private final Map<Method, Boolean> checkedByRead = new ConcurrentHashMap<>();

    @Override
    public void filter(ContainerRequestContext request) {
        List<String> segments = List.of(request.getUriInfo().getPath().split("/"));
        if (segments.size() < 2 || !"pay".equals(segments.get(0))) {
            return;
        }
        UUID projectId;
        try {
            projectId = Ids.parse(segments.get(1));
        } catch (IllegalArgumentException e) {
            throw new AppException(ErrorCode.MALFORMED_ID, "projectId");
        }
        String value = presented(request);
        if (value == null) {
            throw AppException.unauthenticated();
        }
        OffsetDateTime now = OffsetDateTime.now(clock);
        String hash = lookupKey.hash(value);
        if (checkedByRead(request)) {
            caller.present(hash, now, key -> passes(key, projectId, now));
            return;
        }
        // Writes (new tokens and transactions) also read the project's processor route and the newest keystore.
        boolean write = "POST".equals(request.getMethod());
        ProjectCaller.Snapshot key = caller.read(hash, write, now).orElseThrow(AppException::unauthenticated);
        if (!passes(key, projectId, now)) {
            throw AppException.unauthenticated();
        }
        caller.authenticate(key);
    }

    private static boolean passes(ProjectCaller.Snapshot key, UUID projectId, OffsetDateTime now) {
        return ApiKey.usable(key.keyActive(), key.keyExpires(), key.keyDeactivates(), now) && key.projectId().equals(projectId);
    }

    private boolean checkedByRead(ContainerRequestContext request) {
        Method method = resource == null ? null : resource.getResourceMethod();
        return method != null && "GET".equals(request.getMethod())
                && checkedByRead.computeIfAbsent(method, m -> m.isAnnotationPresent(KeyCheckedByRead.class));
    }

    /** A key presented on a {@link KeyCheckedByRead} route and checked by no statement is checked before the answer leaves. */
    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        if (!checkedByRead(request)) {
            return; // only such a route's filter presents a key: nothing to check, and no caller made for it
        }
        try {
            caller.checkPresented();
        } catch (AppException refused) {
            response.getHeaders().clear();
            response.setStatus(refused.code().status());
            response.setEntity(Envelope.error(refused.code().status(), refused.getMessage()), new Annotation[0],
                    MediaType.APPLICATION_JSON_TYPE);
        }
    }

    private static String presented(ContainerRequestContext request) {
        String header = request.getHeaderString("X-API-Key");
        if (header != null && !header.isBlank()) {
            return header.trim();
        }
        String authorization = request.getHeaderString("Authorization");
        if (authorization != null && authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return authorization.substring(7).trim();
        }
        return null;
    }
}
