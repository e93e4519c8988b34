package com.paycore.auth;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

import com.paycore.platform.web.StrictJson;

@Provider
class OAuthExceptionMapper implements ExceptionMapper<OAuthException> {
    @Override
    public Response toResponse(OAuthException e) {
        Response.ResponseBuilder answer = Response.status(e.status())
                .type(MediaType.APPLICATION_JSON_TYPE)
                .header("Pragma", "no-cache")
                .entity(StrictJson.json().createObjectBuilder()
                        .add("error", e.error())
                        .add("error_description", e.getMessage())
                        .build().toString());
        if (e.retryAfterSeconds() > 0) {
            answer.header("Retry-After", String.valueOf(e.retryAfterSeconds()));
        }
        return answer.build();
    }
}
