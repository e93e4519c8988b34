package com.paycore.idempotency;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

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

    /** The header, as the OpenAPI document names it on each idempotent operation ({@code @Parameter}). */
    String KEY = IdempotencyRules.HEADER;

    /** How the OpenAPI document describes the header. */
    String KEY_DESCRIPTION = "Optional: a client-chosen key (at most 255 characters) that makes a retry safe";
}
