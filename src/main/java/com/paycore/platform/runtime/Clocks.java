package com.paycore.platform.runtime;

import java.time.Clock;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;

/** The one clock: services take time from it so tests of time rules can move it. */
@ApplicationScoped
public class Clocks {
    @Produces
    @ApplicationScoped
    Clock clock() {
        return Clock.systemUTC();
    }
}
