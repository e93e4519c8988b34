package com.paycore.apikey;

import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.ext.Provider;

import com.paycore.access.ProjectCaller;
import com.paycore.platform.input.Ids;
import com.paycore.platform.web.AppException;
import com.paycore.platform.web.ErrorCode;
import com.paycore.secret.LookupKey;

/**
 * Every request under /api/pay/{projectId} needs a project API key, sent as {@code X-API-Key: <key>} or
 * {@code Authorization: Bearer <key>}. The key is found by its keyed hash (HMAC-SHA-256 of the presented value: the
 * value itself is never compared, so no comparison's timing depends on it), and must be usable now (active, unexpired,
 * not past its deactivation date) and of the path's project: checked in the database on every request, in the one
 * statement of {@link ProjectCaller#read} that also reads the project's and company's states, so a deactivation bites at once
 * on every instance. Anything else, an administrator's token included, is 401.
 */
@Provider
@ApplicationScoped
@Priority(Priorities.AUTHENTICATION)
class ApiKeyAuthentication implements ContainerRequestFilter {

    @Inject
    ProjectCaller caller;

    @Inject
    Clock clock;

    @Inject
    LookupKey lookupKey;

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
        // Writes (new tokens and transactions) also read the project's processor route and the newest keystore.
        boolean write = "POST".equals(request.getMethod());
        ProjectCaller.Snapshot key = caller.read(lookupKey.hash(value), write, now).orElseThrow(AppException::unauthenticated);
        if (!ApiKey.usable(key.keyActive(), key.keyExpires(), key.keyDeactivates(), now) || !key.projectId().equals(projectId)) {
            throw AppException.unauthenticated();
        }
        caller.authenticate(key);
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
