package com.paycore.console;

import java.io.IOException;

import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * The bare {@code /console} address. Without a servlet of its own the container answers it with its directory
 * redirect (301 to {@code /console/}, before any filter, so without the console's headers); mapped here, the
 * {@link ConsoleGate} answers it like every console address (this servlet is only reached if the gate passes it on).
 */
@WebServlet("/console")
public class ConsoleEntry extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setStatus(HttpServletResponse.SC_SEE_OTHER);
        response.setHeader("Location", request.getContextPath() + "/console/transactions");
    }
}
