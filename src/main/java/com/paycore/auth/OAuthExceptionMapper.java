package com.paycore.auth;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

import com.paycore.platform.StrictJson;

@Provider
class OAuthExceptionMapper implements ExceptionMapper<OAuthException> {
    @Override
    public Response toResponse(OAuthException e) {
        return Response.status(400)
                .type(MediaType.APPLICATION_JSON_TYPE)
                .header("Pragma", "no-cache")
                .entity(StrictJson.json().createObjectBuilder()
                        .add("error", e.error())
                        .add("error_description", e.getMessage())
                        .build().toString())
                .build();
    }
}
