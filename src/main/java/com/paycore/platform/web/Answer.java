package com.paycore.platform.web;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * What a resource method's successful answer carries besides {@code success}, {@code code} and {@code errorMessage}
 * (the {@link Envelope}), for the OpenAPI document: the answer schema is built from these real types when the
 * document is built (com.paycore.openapi), so it follows the types. Error answers are always the bare envelope.
 * Left out entirely: the answer is the bare envelope.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Answer {

    /** A create: {@code id} (string, uuid) comes first. */
    boolean id() default false;

    /** Fields spread at the top level of the envelope: the components of this record (or its public fields). */
    Class<?> fields() default void.class;

    /** Single reads: {@code entry} of this type. */
    Class<?> entry() default void.class;

    /** Lists: {@code entries}, an array of this type. */
    Class<?> entries() default void.class;

    /** Reports: {@code total}, the number of rows matching (not only those on the page). */
    boolean total() default false;

    /** Further top-level fields. */
    Field[] extra() default {};

    /**
     * An example of one entry (JSON text) where the entries' type cannot carry one: rows built at run time (E3). Other
     * answers' examples are assembled from the {@code @Schema(example)} of the answered types' properties.
     */
    String entriesExample() default "";

    /** The whole body is this type, not an envelope (the OAuth token endpoint). */
    Class<?> body() default void.class;

    /** One further top-level field of the envelope. */
    @Retention(RetentionPolicy.RUNTIME)
    @Target({})
    @interface Field {
        String name();

        Class<?> type();

        String description() default "";

        /** An example value for the document's answer example (read like {@code @Schema(example)}). */
        String example() default "";
    }
}
