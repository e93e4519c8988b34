package com.paycore.access;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A /api/pay read whose API-key check runs in the route's own statement ({@link ProjectCaller#readWithKey}): the
 * key filter then only takes the presented key, and the route's one statement checks it and reads (one round trip
 * and one connection instead of two, docs/PERFORMANCE.md). Only on {@code GET} methods (ArchitectureTest). No such
 * route can answer unauthenticated: the first use of the caller checks the key if the statement has not, and a
 * route that neither reads with the key nor uses the caller is checked before its answer leaves, which becomes
 * the 401 when the key does not pass.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface KeyCheckedByRead {
}
