package com.paycore.auth;

import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.spi.CreationalContext;
import jakarta.enterprise.inject.Alternative;
import jakarta.enterprise.inject.spi.Bean;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.inject.Inject;
import jakarta.security.enterprise.AuthenticationException;
import jakarta.security.enterprise.AuthenticationStatus;
import jakarta.security.enterprise.authentication.mechanism.http.HttpAuthenticationMechanism;
import jakarta.security.enterprise.authentication.mechanism.http.HttpMessageContext;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * Keeps MicroProfile JWT off /api/pay: there {@code Authorization: Bearer <value>} carries a project API key, which
 * the JWT mechanism would refuse as a malformed token before the API-key filter sees it. The same for
 * {@code /business-metrics}, whose bearer value is the metrics scrape secret ({@code metrics.BusinessMetricsServlet}
 * checks it). Every other path is handed to the MicroProfile JWT mechanism unchanged.
 */
@Alternative
@Priority(1000)
@ApplicationScoped
class PathAwareAuthentication implements HttpAuthenticationMechanism {

    @Inject
    BeanManager beans;

    private volatile HttpAuthenticationMechanism jwt;

    @Override
    public AuthenticationStatus validateRequest(HttpServletRequest request, HttpServletResponse response,
                                                HttpMessageContext context) throws AuthenticationException {
        if (carriesItsOwnBearer(request)) {
            return context.doNothing();
        }
        return jwt().validateRequest(request, response, context);
    }

    @Override
    public AuthenticationStatus secureResponse(HttpServletRequest request, HttpServletResponse response,
                                               HttpMessageContext context) throws AuthenticationException {
        return carriesItsOwnBearer(request) ? AuthenticationStatus.SUCCESS : jwt().secureResponse(request, response, context);
    }

    @Override
    public void cleanSubject(HttpServletRequest request, HttpServletResponse response, HttpMessageContext context) {
        if (!carriesItsOwnBearer(request)) {
            jwt().cleanSubject(request, response, context);
        }
    }

    static boolean carriesItsOwnBearer(HttpServletRequest request) {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        return path.startsWith("/api/pay/") || path.equals("/api/pay") || path.equals("/business-metrics");
    }

    /** The MicroProfile JWT mechanism: the other HttpAuthenticationMechanism bean. */
    @SuppressWarnings("unchecked")
    private HttpAuthenticationMechanism jwt() {
        HttpAuthenticationMechanism mechanism = jwt;
        if (mechanism == null) {
            Bean<HttpAuthenticationMechanism> other = (Bean<HttpAuthenticationMechanism>) beans
                    .getBeans(HttpAuthenticationMechanism.class).stream()
                    .filter(b -> !PathAwareAuthentication.class.equals(b.getBeanClass()))
                    .findFirst()
                    .orElseThrow(() -> new IllegalStateException("MicroProfile JWT mechanism not found"));
            CreationalContext<HttpAuthenticationMechanism> cc = beans.createCreationalContext(other);
            mechanism = (HttpAuthenticationMechanism) beans.getReference(other, HttpAuthenticationMechanism.class, cc);
            jwt = mechanism;
        }
        return mechanism;
    }
}
