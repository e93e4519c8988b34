package com.paycore.access;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A /api/pay route whose API-key check runs in the route's own statement ({@link ProjectCaller#readWithKey}): the
 * key filter then only takes the presented key, and the route's first statement checks it and reads (one round trip
 * and one connection instead of two, docs/PERFORMANCE.md). On {@code GET} methods, and on the one write whose first
 * statement is such a read, before anything is written or called (authorize: the key's check and the payment
 * token's read); ArchitectureTest names it. No such route can answer unauthenticated: the first use of the caller
 * checks the key if the statement has not (an {@code Idempotency-Key} claim does so before it writes its claim), and
 * a route that neither reads with the key nor uses the caller is checked before its answer leaves, which becomes the
 * 401 when the key does not pass (so a 401 still comes before any 400 of the body's checks).
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface KeyCheckedByRead {
}
