package com.paycore.platform.input;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.nio.charset.StandardCharsets;

import jakarta.annotation.Priority;
import jakarta.ws.rs.NameBinding;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.ext.Provider;

/**
 * Marks operations whose JSON body may be left out entirely (capture and refund): an empty body reads as {@code {}}
 * instead of failing JSON parsing.
 */
@NameBinding
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface OptionalBody {

    /** Replaces an empty request body with {@code {}}. */
    @Provider
    @OptionalBody
    @Priority(Priorities.ENTITY_CODER)
    class EmptyAsObject implements ContainerRequestFilter {

        @Override
        public void filter(ContainerRequestContext request) throws IOException {
            InputStream in = request.getEntityStream();
            byte[] body = in == null ? new byte[0] : in.readAllBytes();
            if (new String(body, StandardCharsets.UTF_8).isBlank()) {
                body = "{}".getBytes(StandardCharsets.UTF_8);
                request.getHeaders().putSingle(HttpHeaders.CONTENT_TYPE, MediaType.APPLICATION_JSON);
            }
            request.setEntityStream(new ByteArrayInputStream(body));
        }
    }
}
