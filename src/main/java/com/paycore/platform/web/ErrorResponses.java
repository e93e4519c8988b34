package com.paycore.platform.web;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** Builds the error envelope responses; used only by the exception mappers and the container error page. */
public final class ErrorResponses {

    private ErrorResponses() {
    }

    public static Response of(int status, String message) {
        return Response.status(status)
                .type(MediaType.APPLICATION_JSON_TYPE)
                .entity(Envelope.error(status, message))
                .build();
    }

    public static Response of(ErrorCode code, Object... args) {
        return of(code.status(), code.message(args));
    }
}
