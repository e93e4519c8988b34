package com.paycore.platform.web;

import java.util.stream.Collectors;
import java.util.stream.StreamSupport;

import jakarta.validation.ConstraintViolation;
import jakarta.validation.ConstraintViolationException;
import jakarta.validation.ElementKind;
import jakarta.validation.Path;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/** Bean Validation failures: 400 listing each field (as the client named it) and what is wrong with it. */
@Provider
public class ConstraintViolationMapper implements ExceptionMapper<ConstraintViolationException> {

    @Override
    public Response toResponse(ConstraintViolationException e) {
        String message = e.getConstraintViolations().stream()
                .map(v -> field(v) + ": " + v.getMessage())
                .sorted()
                .collect(Collectors.joining("; "));
        return ErrorResponses.of(ErrorCode.VALIDATION, message.isEmpty() ? "Invalid request" : message);
    }

    /** The last property node of the path: "update.arg1.email" is "email"; a missing body is "body". */
    static String field(ConstraintViolation<?> violation) {
        var nodes = StreamSupport.stream(violation.getPropertyPath().spliterator(), false).toList();
        for (int i = nodes.size() - 1; i >= 0; i--) {
            Path.Node node = nodes.get(i);
            if (node.getKind() == ElementKind.PROPERTY) {
                return node.getName();
            }
        }
        return "body";
    }
}
