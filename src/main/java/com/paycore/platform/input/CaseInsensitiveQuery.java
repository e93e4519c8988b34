package com.paycore.platform.input;

import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import jakarta.annotation.Priority;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.UriBuilder;
import jakarta.ws.rs.ext.Provider;

/**
 * Query parameter names are matched without regard to case and aliases are honoured
 * ({@code companyId} = {@code CompanyId}, {@code invitationId} = {@code UserInvitationId}): before matching,
 * each parameter a client sends is added again under every declared name it stands for in the request's area
 * (QueryParameterNames).
 */
@Provider
@PreMatching
@Priority(2)
public class CaseInsensitiveQuery implements ContainerRequestFilter {

    @Override
    public void filter(ContainerRequestContext request) throws IOException {
        MultivaluedMap<String, String> sent = request.getUriInfo().getQueryParameters(false);
        if (sent.isEmpty()) {
            return;
        }
        String area = QueryParameterNames.area(request.getUriInfo().getPath(false));
        UriBuilder uri = null;
        for (Map.Entry<String, List<String>> parameter : sent.entrySet()) {
            for (String declared : QueryParameterNames.declaredFor(area, decode(parameter.getKey()))) {
                if (!sent.containsKey(declared)) {
                    if (uri == null) {
                        uri = request.getUriInfo().getRequestUriBuilder();
                    }
                    uri.queryParam(declared, parameter.getValue().toArray());
                }
            }
        }
        if (uri != null) {
            // a rebuilt URI is parsed again by the container: only when a spelling was added
            request.setRequestUri(uri.build());
        }
    }

    private static String decode(String name) {
        return URLDecoder.decode(name, StandardCharsets.UTF_8);
    }
}
