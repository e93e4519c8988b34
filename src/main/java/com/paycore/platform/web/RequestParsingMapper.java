package com.paycore.platform.web;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import jakarta.json.JsonException;
import jakarta.json.bind.JsonbException;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/**
 * Unreadable bodies (malformed JSON, wrong types, unknown enum values): 400. The parser's own message names
 * Java classes, so only the offending property name is passed on.
 */
@Provider
public class RequestParsingMapper implements ExceptionMapper<ProcessingException> {

    private static final Pattern PROPERTY = Pattern.compile("property '?([A-Za-z0-9_]+)'?");

    @Override
    public Response toResponse(ProcessingException e) {
        return malformed(e);
    }

    static Response malformed(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof AppException refusal) { // a body check (RequestBodies) wrapped by the runtime
                return ErrorResponses.of(refusal.code().status(), refusal.getMessage());
            }
        }
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof JsonbException || t instanceof JsonException) {
                Matcher m = PROPERTY.matcher(String.valueOf(t.getMessage()));
                if (m.find()) {
                    return ErrorResponses.of(ErrorCode.MALFORMED_JSON, " (field '" + m.group(1) + "')");
                }
            }
        }
        return ErrorResponses.of(ErrorCode.MALFORMED_JSON, "");
    }
}
