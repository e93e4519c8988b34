package com.paycore.platform.web;

import jakarta.ws.rs.NotAcceptableException;
import jakarta.ws.rs.NotAllowedException;
import jakarta.ws.rs.NotAuthorizedException;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.NotSupportedException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/** The JAX-RS runtime's own refusals (no route, wrong method or media type, unreadable body) as envelopes. */
@Provider
public class WebApplicationExceptionMapper implements ExceptionMapper<WebApplicationException> {

    @Override
    public Response toResponse(WebApplicationException e) {
        if (e instanceof AppException app) {
            return ErrorResponses.of(app.code().status(), app.getMessage());
        }
        if (e instanceof NotAuthorizedException) {
            return ErrorResponses.of(ErrorCode.UNAUTHENTICATED);
        }
        if (e instanceof NotFoundException) {
            return ErrorResponses.of(ErrorCode.ROUTE_NOT_FOUND);
        }
        if (e instanceof NotAllowedException) {
            Response r = ErrorResponses.of(ErrorCode.METHOD_NOT_ALLOWED);
            return Response.fromResponse(r).allow(e.getResponse().getAllowedMethods()).build();
        }
        if (e instanceof NotSupportedException) {
            return ErrorResponses.of(ErrorCode.UNSUPPORTED_MEDIA_TYPE);
        }
        if (e instanceof NotAcceptableException) {
            return ErrorResponses.of(ErrorCode.NOT_ACCEPTABLE);
        }
        int status = e.getResponse() == null ? 500 : e.getResponse().getStatus();
        if (status == 400) {
            return RequestParsingMapper.malformed(e);
        }
        if (status == 403) {
            return ErrorResponses.of(ErrorCode.FORBIDDEN);
        }
        if (status >= 500) {
            return UnexpectedErrorMapper.internal(e);
        }
        return ErrorResponses.of(status, "Request refused");
    }
}
