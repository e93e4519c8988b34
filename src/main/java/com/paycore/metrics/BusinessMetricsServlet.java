package com.paycore.metrics;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.Optional;
import java.util.logging.Logger;

import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import com.paycore.platform.runtime.InstanceFigures;

/**
 * {@code GET /business-metrics}: the platform-wide {@link BusinessFigures}, and this instance's own {@link InstanceFigures} (the
 * ISO 8583 hosts by company and endpoint), in Prometheus text, only to a scrape that
 * carries the configured credential: {@code Authorization: Bearer <payments.metrics.scrape-secret>}, or HTTP Basic
 * with user {@code payments.metrics.scrape-user} (default {@code metrics}) and the secret as password (Prometheus'
 * {@code authorization} or {@code basic_auth}). Without a configured secret the endpoint does not exist (404, like any
 * unknown path): the figures are served to no one. A missing or wrong credential is 401 with the challenges and the
 * error envelope. The open {@code /metrics} (Payara's: JVM, requests, jobs, the pool) never carries these figures.
 */
@WebServlet(urlPatterns = BusinessMetricsServlet.PATH)
public class BusinessMetricsServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;
    private static final Logger LOG = Logger.getLogger(BusinessMetricsServlet.class.getName());
    static final String PATH = "/business-metrics";
    static final String SECRET = "payments.metrics.scrape-secret";
    static final String USER = "payments.metrics.scrape-user";

    @Inject
    transient BusinessFigures figures;

    @Inject
    transient Instance<InstanceFigures> instanceFigures;

    @Inject
    @ConfigProperty(name = SECRET)
    transient Optional<String> configuredSecret;

    @Inject
    @ConfigProperty(name = USER, defaultValue = "metrics")
    transient String configuredUser;

    private transient String secret;
    private transient String user;

    @Override
    public void init() {
        secret = configuredSecret.filter(value -> !value.isBlank()).orElse(null); // blank is unset
        user = configuredUser.isBlank() ? "metrics" : configuredUser;
        if (secret == null) {
            LOG.info(SECRET + " is not set: the business figures (" + PATH + ") are served to no one");
        }
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (secret == null) {
            response.sendError(HttpServletResponse.SC_NOT_FOUND);
            return;
        }
        if (!authorized(request.getHeader("Authorization"), user, secret)) {
            response.setStatus(HttpServletResponse.SC_UNAUTHORIZED);
            response.addHeader("WWW-Authenticate", "Bearer realm=\"metrics\"");
            response.addHeader("WWW-Authenticate", "Basic realm=\"metrics\", charset=\"UTF-8\"");
            response.setContentType("application/json");
            response.setCharacterEncoding("UTF-8");
            response.getWriter().write("{\"success\":false,\"code\":401,\"errorMessage\":\"The business figures need "
                    + "the scrape credential (" + SECRET + ")\"}");
            return;
        }
        response.setContentType("text/plain; version=0.0.4");
        response.setCharacterEncoding("UTF-8");
        response.setHeader("Cache-Control", "no-store");
        response.getWriter().write(figures.exposition());
        for (InstanceFigures more : instanceFigures) {
            response.getWriter().write(more.exposition());
        }
    }

    /** True when the header carries the secret as a bearer token, or the user and the secret as Basic credentials. */
    static boolean authorized(String header, String user, String secret) {
        if (header == null || secret == null) {
            return false;
        }
        String value = header.trim();
        if (value.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return same(value.substring(7).trim(), secret);
        }
        if (value.regionMatches(true, 0, "Basic ", 0, 6)) {
            String decoded;
            try {
                decoded = new String(Base64.getDecoder().decode(value.substring(6).trim()), StandardCharsets.UTF_8);
            } catch (IllegalArgumentException notBase64) {
                return false;
            }
            int colon = decoded.indexOf(':');
            // both compared whatever the first answer: no early way out that times which part was wrong
            return colon >= 0 & same(decoded.substring(0, Math.max(colon, 0)), user)
                    & same(decoded.substring(colon + 1), secret);
        }
        return false;
    }

    /** Equal strings, compared in time independent of where they differ (digests of equal length). */
    private static boolean same(String presented, String expected) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            byte[] a = sha.digest(presented.getBytes(StandardCharsets.UTF_8));
            byte[] b = sha.digest(expected.getBytes(StandardCharsets.UTF_8));
            return MessageDigest.isEqual(a, b);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
