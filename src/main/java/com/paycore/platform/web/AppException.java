package com.paycore.platform.web;

import java.util.function.Supplier;

import jakarta.ws.rs.WebApplicationException;

/**
 * The one exception the application throws for an expected refusal. It extends
 * {@link WebApplicationException} so that JAX-RS hands it to {@link AppExceptionMapper} as it is, also when it is
 * thrown while converting a path or query parameter.
 */
public class AppException extends WebApplicationException {

    private final ErrorCode code;

    public AppException(ErrorCode code, Object... args) {
        super(code.message(args), null, code.status());
        this.code = code;
    }

    public ErrorCode code() {
        return code;
    }

    public static AppException notFound(String what) {
        return new AppException(ErrorCode.NOT_FOUND, what);
    }

    /**
     * Runs an access check whose 404 names a parent (a company, a project) and answers it as "{what} not found"
     * instead: an id of another tenant's thing must look exactly like a missing one.
     */
    public static <T> T hidingForeign(String what, Supplier<T> check) {
        try {
            return check.get();
        } catch (AppException e) {
            if (e.code() == ErrorCode.NOT_FOUND) {
                throw notFound(what);
            }
            throw e;
        }
    }

    public static AppException invalid(String message) {
        return new AppException(ErrorCode.VALIDATION, message);
    }

    public static AppException forbidden() {
        return new AppException(ErrorCode.FORBIDDEN);
    }

    public static AppException unauthenticated() {
        return new AppException(ErrorCode.UNAUTHENTICATED);
    }
}
