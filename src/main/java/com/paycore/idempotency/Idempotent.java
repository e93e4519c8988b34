package com.paycore.idempotency;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import jakarta.enterprise.util.Nonbinding;
import jakarta.interceptor.InterceptorBinding;
import jakarta.ws.rs.NameBinding;

/**
 * Marks a resource method (or class) whose requests honour an {@code Idempotency-Key} header: the same key with
 * the same request within 24 h answers the first response again without running the method; with a different
 * request, 400; while the first is still running, 409. Requests without the header are not affected.
 * See {@link IdempotencyFilter}.
 * <p>
 * Also a CDI interceptor binding: {@link ResponseWithEffect} stores a keyed request's answer in its effect's own
 * database transaction.
 */
@NameBinding
@InterceptorBinding
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface Idempotent {

    /**
     * The operation reads its body as a stream (a card file of up to 2 GiB), which the filter must not read first:
     * the fingerprint is taken as the operation reads the body, the claim holds
     * {@link IdempotencyRules#PENDING_FINGERPRINT} until then, and the operation stores its answer with the final
     * fingerprint in its effect's own local transaction ({@link StreamedClaims}), not in {@link ResponseWithEffect}'s
     * JTA transaction, which a long upload must not run in.
     */
    @Nonbinding
    boolean streamed() default false;

    /** The header, as the OpenAPI document names it on each idempotent operation ({@code @Parameter}). */
    String KEY = IdempotencyRules.HEADER;

    /** How the OpenAPI document describes the header. */
    String KEY_DESCRIPTION = "Optional: a client-chosen key (at most 255 characters) that makes a retry safe";
}
