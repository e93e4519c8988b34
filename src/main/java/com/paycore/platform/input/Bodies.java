package com.paycore.platform.input;

import java.util.Set;
import java.util.UUID;

import jakarta.validation.ConstraintViolation;
import jakarta.validation.ConstraintViolationException;
import jakarta.validation.Validation;
import jakarta.validation.Validator;

import com.paycore.platform.web.AppException;

/**
 * Bean Validation of a request body, called by a service once the ids the request names were found and the caller
 * may act on them. {@code @Valid} on a resource parameter would run before the resource method, hence before the
 * tenancy check: another company's id with an invalid body would answer 400 where an unknown id answers 404, and
 * guessing ids must reveal nothing (DESIGN.md section 4). The failure is the same {@link ConstraintViolationException}
 * as {@code @Valid}'s, so the client sees the same envelope.
 */
public final class Bodies {

    private Bodies() {
    }

    /** 400 listing each invalid field, as {@code @Valid} would; nothing to check for a left-out body. */
    public static void validate(Object body) {
        if (body == null) {
            return;
        }
        Set<ConstraintViolation<Object>> violations = Holder.VALIDATOR.validate(body);
        if (!violations.isEmpty()) {
            throw new ConstraintViolationException(violations);
        }
    }

    /** {@link #validate(Object)}, then a body {@code id} differing from the path id: 400. */
    public static void validate(UUID pathId, Object body, UUID bodyId) {
        validate(body);
        Aliases.requireSameId(pathId, bodyId);
    }

    /**
     * An id the body names, to look up before the body is validated. Left out, there is nothing to look up: the body's
     * validation answers (400, listing it with any other invalid field).
     */
    public static UUID requiredId(Object body, String field, UUID id) {
        if (id == null) {
            validate(body);
            throw AppException.invalid(field + ": must not be null");
        }
        return id;
    }

    /** Built on first use: the container's Bean Validation provider is there by then. */
    private static final class Holder {
        static final Validator VALIDATOR = Validation.buildDefaultValidatorFactory().getValidator();
    }
}
