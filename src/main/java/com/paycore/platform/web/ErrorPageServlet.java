package com.paycore.platform.web;

import java.io.IOException;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * The container's own error pages (a bearer token refused before JAX-RS, an unknown path outside /api)
 * as JSON envelopes instead of HTML; mapped in web.xml.
 */
@WebServlet("/error-envelope")
public class ErrorPageServlet extends HttpServlet {

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Object code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        int status = code instanceof Integer i ? i : 500;
        String message = switch (status) {
            case 401 -> ErrorCode.UNAUTHENTICATED.message();
            case 403 -> ErrorCode.FORBIDDEN.message();
            case 404 -> ErrorCode.ROUTE_NOT_FOUND.message();
            case 405 -> ErrorCode.METHOD_NOT_ALLOWED.message();
            default -> status >= 500 ? ErrorCode.INTERNAL.message(RequestIds.current()) : "Request refused";
        };
        response.setStatus(status);
        response.setContentType("application/json");
        response.setCharacterEncoding("UTF-8");
        response.getWriter().write(StrictJson.jsonb().toJson(Envelope.error(status, message)));
    }
}
