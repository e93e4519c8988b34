package com.paycore.platform.web;

import java.io.IOException;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;

import jakarta.annotation.Priority;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.ext.Provider;

/**
 * Gives every request an id (the caller's {@code X-Request-Id} when it is a sane token, else a new UUID),
 * echoes it on the response and makes it available to audit rows and error logs as the correlation id.
 */
@Provider
@PreMatching
@Priority(1)
public class RequestIds implements ContainerRequestFilter, ContainerResponseFilter {

    public static final String HEADER = "X-Request-Id";
    private static final Pattern SANE = Pattern.compile("[A-Za-z0-9._-]{1,64}");
    private static final ThreadLocal<String> CURRENT = new ThreadLocal<>();

    /**
     * A new id: a random (version 4) UUID from the thread's own fast generator. A request id correlates log lines and
     * audit rows and guards nothing, so it needs no strong randomness (and no lock shared by every request thread).
     */
    private static String fresh() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        return new UUID((random.nextLong() & ~0xF000L) | 0x4000L,
                (random.nextLong() & 0x3FFF_FFFF_FFFF_FFFFL) | 0x8000_0000_0000_0000L).toString();
    }

    /** The current request's id; a fresh one outside a request. */
    public static String current() {
        String id = CURRENT.get();
        return id != null ? id : fresh();
    }

    @Override
    public void filter(ContainerRequestContext request) throws IOException {
        String given = request.getHeaderString(HEADER);
        String id = given != null && SANE.matcher(given).matches() ? given : fresh();
        CURRENT.set(id);
        request.setProperty(HEADER, id);
    }

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) throws IOException {
        Object id = request.getProperty(HEADER);
        if (id != null) {
            response.getHeaders().putSingle(HEADER, id);
        }
        response.getHeaders().putSingle("Cache-Control", "no-store");
        CURRENT.remove();
    }
}
