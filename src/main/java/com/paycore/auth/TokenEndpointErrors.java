package com.paycore.auth;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.ext.Provider;

import com.paycore.platform.web.Envelope;
import com.paycore.platform.web.StrictJson;

/**
 * The token endpoint answers RFC 6749 section 5.2 errors, also for refusals the shared exception mappers make before
 * the resource runs (wrong media type or method, an oversized or unreadable body): their envelope becomes
 * {@code {"error":"invalid_request","error_description":...}} with the same status.
 */
@Provider
class TokenEndpointErrors implements ContainerResponseFilter {

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        if (!(response.getEntity() instanceof Envelope envelope) || envelope.success()
                || !"auth/token".equals(trimmed(request.getUriInfo().getPath()))) {
            return;
        }
        String error = response.getStatus() >= 500 ? "server_error" : "invalid_request";
        response.setEntity(StrictJson.json().createObjectBuilder()
                .add("error", error)
                .add("error_description", envelope.errorMessage())
                .build().toString(), null, MediaType.APPLICATION_JSON_TYPE);
        response.getHeaders().putSingle("Pragma", "no-cache");
    }

    private static String trimmed(String path) {
        String p = path.startsWith("/") ? path.substring(1) : path;
        return p.endsWith("/") ? p.substring(0, p.length() - 1) : p;
    }
}
