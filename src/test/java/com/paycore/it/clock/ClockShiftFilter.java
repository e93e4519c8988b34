package com.paycore.it.clock;

import java.io.IOException;
import java.time.Duration;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpServletRequest;

/** Moves {@link ShiftedClock} for one request by the ISO-8601 duration in its {@value #HEADER} header. */
@WebFilter(urlPatterns = "/*", asyncSupported = true)
public class ClockShiftFilter implements Filter {

    public static final String HEADER = "X-IT-Clock-Shift";

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        String shift = ((HttpServletRequest) request).getHeader(HEADER);
        if (shift == null) {
            chain.doFilter(request, response);
            return;
        }
        ShiftedClock.SHIFT.set(Duration.parse(shift));
        try {
            chain.doFilter(request, response);
        } finally {
            ShiftedClock.SHIFT.remove();
        }
    }
}
