package com.paycore.console;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import jakarta.inject.Inject;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import jakarta.servlet.http.HttpSession;

import com.paycore.access.Caller;
import com.paycore.user.Account;
import com.paycore.user.Accounts;

/**
 * The door of every {@code /console} request, before Faces: the security headers on every answer (in production mode
 * also {@code Strict-Transport-Security}), the refusal (403) of a POST from another site, the session's user made the
 * request's {@link Caller} (read again from the database: a deactivated account, or one whose password or e-mail
 * changed since the sign-in, is signed out; so is a session idle too long or older than its lifetime, see
 * {@link ConsoleSessions}), the sign-in page
 * for everybody else, sign-out, and the console's bookmarkable addresses forwarded to their Faces views
 * ({@code /console/transactions[/{id}]}, {@code /console/projects[/{id}]}, {@code /console/companies[/{id}]}), and a
 * card file's results CSV ({@code /console/projects/{id}/cardFiles/{fileId}/results}, {@link CardFileResultsDownload}).
 */
@WebFilter(urlPatterns = {"/console", "/console/*"})
public class ConsoleGate extends HttpFilter {

    static final String CONTENT_SECURITY_POLICY = "default-src 'self'; img-src 'self' data:; font-src 'self' data:; "
            + "style-src 'self' 'unsafe-inline'; connect-src 'self'; object-src 'none'; base-uri 'self'; "
            + "form-action 'self'; frame-ancestors 'none'; script-src 'self'";

    /** The console's list pages: each address is served by the view of its name. */
    private static final Set<String> PAGES = Set.of("/console/overview", "/console/transactions", "/console/chargebacks",
            "/console/projects", "/console/companies", "/console/users", "/console/webhooks", "/console/runs", "/console/audit",
            "/console/reports");

    private static final Pattern TRANSACTION = Pattern.compile("/console/transactions/([^/]+)");
    private static final Pattern PROJECT = Pattern.compile("/console/projects/([^/]+)");
    private static final Pattern COMPANY = Pattern.compile("/console/companies/([^/]+)");
    private static final Pattern CARD_FILE_RESULTS = Pattern.compile("/console/projects/([^/]+)/cardFiles/([^/]+)/results");

    @Inject
    Caller caller;

    @Inject
    Accounts accounts;

    @Inject
    ConsoleSessions sessions;

    @Inject
    Clock clock;

    @Inject
    CardFileResultsDownload cardFileResults;

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        secure(response);
        if (sessions.production()) {
            response.setHeader("Strict-Transport-Security", ConsoleSessions.STRICT_TRANSPORT_SECURITY);
        }
        if ("POST".equals(request.getMethod())
                && !SameOrigin.allows(request.getHeader("Host"), request.getHeader("Origin"), request.getHeader("Referer"))) {
            refuseCrossSite(response);
            return;
        }
        String path = request.getRequestURI().substring(request.getContextPath().length());
        HttpServletResponse answer = new OnePolicy(response);
        if (path.equals("/console/signin") || path.equals("/console/signin.xhtml")) {
            if (signedIn(request).isPresent() && "GET".equals(request.getMethod())) {
                redirect(request, response, "/console/transactions");
            } else {
                forwardOrPass(request, answer, chain, path, "/console/signin.xhtml");
            }
            return;
        }
        if (path.equals("/console/signout")) {
            signOut(request, response);
            return;
        }
        Optional<Account> user = signedIn(request);
        if (user.isEmpty()) {
            toSignIn(request, response);
            return;
        }
        caller.authenticate(user.get().id(), user.get().email(), user.get().platformAdmin());
        route(request, answer, chain, path);
    }

    private void route(HttpServletRequest request, HttpServletResponse response, FilterChain chain, String path)
            throws IOException, ServletException {
        Matcher transaction = TRANSACTION.matcher(path);
        Matcher project = PROJECT.matcher(path);
        Matcher company = COMPANY.matcher(path);
        Matcher results = CARD_FILE_RESULTS.matcher(path);
        if (path.equals("/console") || path.equals("/console/")) {
            redirect(request, response, "/console/transactions");
        } else if (transaction.matches()) {
            request.setAttribute(TransactionPage.ID_ATTRIBUTE, transaction.group(1));
            request.getRequestDispatcher("/console/transaction.xhtml").forward(request, response);
        } else if (project.matches()) {
            request.setAttribute(ProjectPage.ID_ATTRIBUTE, project.group(1));
            request.getRequestDispatcher("/console/project.xhtml").forward(request, response);
        } else if (results.matches()) {
            cardFileResults.answer(request, response, results.group(1), results.group(2));
        } else if (company.matches()) {
            request.setAttribute(CompanyPage.ID_ATTRIBUTE, company.group(1));
            request.getRequestDispatcher("/console/company.xhtml").forward(request, response);
        } else if (PAGES.contains(path)) {
            request.getRequestDispatcher(path + ".xhtml").forward(request, response);
        } else {
            chain.doFilter(request, response); // the views' own addresses (postbacks); anything else is Faces' 404
        }
    }

    private static void forwardOrPass(HttpServletRequest request, HttpServletResponse response, FilterChain chain,
                                      String path, String view) throws IOException, ServletException {
        if (path.equals(view)) {
            chain.doFilter(request, response);
        } else {
            request.getRequestDispatcher(view).forward(request, response);
        }
    }

    /**
     * The session's account when it may still use the console, the session then seen now; a session that may not (idle
     * too long, past its lifetime, or its account no longer allowed) is ended.
     */
    private Optional<Account> signedIn(HttpServletRequest request) {
        HttpSession session = request.getSession(false);
        if (session == null || !(session.getAttribute(SignedIn.ATTRIBUTE) instanceof SignedIn signedIn)) {
            return Optional.empty();
        }
        long now = clock.millis();
        // as the API's bearer tokens: a lockout stops new sign-ins, not this one
        Optional<Account> account = sessions.over(signedIn, now) ? Optional.empty()
                : accounts.find(signedIn.userId()).filter(a -> a.mayStillAct(signedIn.atEpochSecond()));
        if (account.isEmpty()) {
            session.invalidate();
        } else {
            session.setAttribute(SignedIn.ATTRIBUTE, signedIn.seen(now));
        }
        return account;
    }

    /**
     * Starts the console session of an account that just signed in: the first session of this visitor (the sign-in
     * form is stateless and makes none), under a new id, with the idle timeout.
     */
    static void begin(HttpServletRequest request, UUID userId, long nowMillis, int idleSeconds) {
        HttpSession session = request.getSession(true);
        request.changeSessionId(); // whatever id the visitor had is not the signed-in one
        session.setAttribute(SignedIn.ATTRIBUTE, SignedIn.at(userId, nowMillis));
        session.setMaxInactiveInterval(idleSeconds);
    }

    private static void signOut(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (!"POST".equals(request.getMethod())) {
            response.setHeader("Allow", "POST");
            plain(response, HttpServletResponse.SC_METHOD_NOT_ALLOWED, "Sign out with the console's Sign out button.");
            return;
        }
        HttpSession session = request.getSession(false);
        if (session != null) {
            session.invalidate();
        }
        redirect(request, response, "/console/signin");
    }

    /** A page asks for the sign-in page; a Faces Ajax request is told to go there in its own answer format. */
    private static void toSignIn(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String target = request.getContextPath() + "/console/signin";
        if ("partial/ajax".equals(request.getHeader("Faces-Request"))) {
            response.setContentType("text/xml");
            response.setCharacterEncoding("UTF-8");
            response.getWriter().write("<?xml version=\"1.0\" encoding=\"UTF-8\"?><partial-response><redirect url=\""
                    + target + "\"></redirect></partial-response>");
            return;
        }
        response.setStatus(HttpServletResponse.SC_SEE_OTHER);
        response.setHeader("Location", target);
    }

    private static void redirect(HttpServletRequest request, HttpServletResponse response, String path) {
        response.setStatus(HttpServletResponse.SC_SEE_OTHER);
        response.setHeader("Location", request.getContextPath() + path);
    }

    private static void refuseCrossSite(HttpServletResponse response) throws IOException {
        plain(response, HttpServletResponse.SC_FORBIDDEN, "Refused: this form was not sent from the console.");
    }

    private static void plain(HttpServletResponse response, int status, String text) throws IOException {
        response.setStatus(status);
        response.setContentType("text/plain");
        response.setCharacterEncoding("UTF-8");
        response.getOutputStream().write(text.getBytes(StandardCharsets.UTF_8));
    }

    /** Headers of every console answer, the sign-in page and the refusals included. */
    static void secure(HttpServletResponse response) {
        response.setHeader("Content-Security-Policy", CONTENT_SECURITY_POLICY);
        response.setHeader("X-Frame-Options", "DENY");
        response.setHeader("X-Content-Type-Options", "nosniff");
        response.setHeader("Referrer-Policy", "same-origin");
        response.setHeader("Cache-Control", "no-store");
    }

    /**
     * Keeps one Content-Security-Policy header: PrimeFaces (CSP mode) adds its own, the console's policy with the page's
     * script nonce (primefaces.CSP_POLICY in web.xml), which must replace the nonce-less one set above, not join it
     * (two policies are both enforced, and the first would block the nonce's scripts).
     */
    static final class OnePolicy extends HttpServletResponseWrapper {

        OnePolicy(HttpServletResponse response) {
            super(response);
        }

        @Override
        public void addHeader(String name, String value) {
            if ("Content-Security-Policy".equalsIgnoreCase(name)) {
                super.setHeader(name, value);
            } else {
                super.addHeader(name, value);
            }
        }
    }
}
