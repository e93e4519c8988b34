package com.paycore.platform.web;

import jakarta.json.bind.JsonbException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/** A body the JSON binding could not read when it surfaces unwrapped: 400, as {@link RequestParsingMapper}. */
@Provider
public class JsonbExceptionMapper implements ExceptionMapper<JsonbException> {
    @Override
    public Response toResponse(JsonbException e) {
        return RequestParsingMapper.malformed(e);
    }
}
