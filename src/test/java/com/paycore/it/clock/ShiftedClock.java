package com.paycore.it.clock;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Alternative;
import jakarta.enterprise.inject.Produces;
import jakarta.interceptor.Interceptor;

/**
 * The controllable clock of the integration tests, added to the deployment under test only (Deployments.war): it
 * replaces the application's one clock (platform.runtime.Clocks) with the system clock moved on by the shift, or run
 * at the pace, that {@link ClockShiftFilter} sets for one request. Only that request's work sees the moved time (the
 * reconciliation run, for instance, which works on the request's thread); the schedules and every other request see
 * the real time, so the tests sharing the deployment are not disturbed.
 */
@Alternative
@Priority(Interceptor.Priority.APPLICATION + 100)
@ApplicationScoped
public class ShiftedClock {

    static final ThreadLocal<Duration> SHIFT = new ThreadLocal<>();
    static final ThreadLocal<Pace> PACE = new ThreadLocal<>();

    /** The current request's time runs {@code times} as fast as the real clock from {@code from} on. */
    record Pace(Instant from, int times) {

        Instant at(Instant now) {
            return from.plus(Duration.between(from, now).multipliedBy(times));
        }
    }

    @Produces
    @ApplicationScoped
    Clock clock() {
        return new Shifted();
    }

    /** The system clock (UTC), plus the current request's shift if it has one. */
    static final class Shifted extends Clock {

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            throw new UnsupportedOperationException("the application's clock is UTC");
        }

        @Override
        public Instant instant() {
            Duration shift = SHIFT.get();
            Pace pace = PACE.get();
            Instant now = pace == null ? Instant.now() : pace.at(Instant.now());
            return shift == null ? now : now.plus(shift);
        }
    }
}
