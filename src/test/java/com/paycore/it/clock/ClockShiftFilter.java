package com.paycore.it.clock;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpServletRequest;

/**
 * Moves {@link ShiftedClock} for one request by the ISO-8601 duration in its {@value #HEADER} header, or lets it run
 * the number of times as fast as the real clock in its {@value #PACE} header, from the moment the request arrives (a
 * streamed body whose bytes come a second apart then comes, for that request, many seconds apart).
 */
@WebFilter(urlPatterns = "/*", asyncSupported = true)
public class ClockShiftFilter implements Filter {

    public static final String HEADER = "X-IT-Clock-Shift";
    public static final String PACE = "X-IT-Clock-Pace";

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        String shift = ((HttpServletRequest) request).getHeader(HEADER);
        String pace = ((HttpServletRequest) request).getHeader(PACE);
        if (shift == null && pace == null) {
            chain.doFilter(request, response);
            return;
        }
        if (shift != null) {
            ShiftedClock.SHIFT.set(Duration.parse(shift));
        }
        if (pace != null) {
            ShiftedClock.PACE.set(new ShiftedClock.Pace(Instant.now(), Integer.parseInt(pace)));
        }
        try {
            chain.doFilter(request, response);
        } finally {
            ShiftedClock.SHIFT.remove();
            ShiftedClock.PACE.remove();
        }
    }
}
