package com.paycore.it;

import static java.lang.annotation.ElementType.TYPE;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import java.lang.annotation.Retention;
import java.lang.annotation.Target;

import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * The two lanes {@link ApiIT}'s scenario classes run in, side by side (failsafe's JUnit configuration in pom.xml:
 * parallel execution on two threads; a class runs on its parent's thread unless it says otherwise).
 * <ul>
 * <li>The first lane: every other class, one after the other in ApiIT's order.</li>
 * <li>The second lane: the classes marked {@link SecondLane}, one at a time: the console's browser classes. Each
 * makes its own companies, projects, users and cards and reads only those, so it may run beside any class that does
 * the same.</li>
 * </ul>
 * A class that reads or changes what belongs to the whole platform (every table's row count, the request counters of a
 * route, every platform administrator) or that measures an instance's speed takes {@link #ALONE} for writing; every
 * class of the second lane holds it for reading, so such a class never runs beside one of them. A class that settles,
 * reconciles or auto-accepts over every company takes {@link #SETTLEMENT} for writing, and the classes of the second
 * lane whose captures, refunds or chargebacks such a run would move hold it for reading.
 */
final class Lanes {

    /** Held by each class of the second lane: one of them at a time. */
    static final String SECOND = "it-second-lane";

    /** Read by the second lane's classes; written by a class that must have the instances under test to itself. */
    static final String ALONE = "it-instances-alone";

    /**
     * Written by a class that settles, reconciles or auto-accepts over every company; read by a class of the second
     * lane whose captures, refunds or chargebacks such a run would move.
     */
    static final String SETTLEMENT = "it-settlement-runs";

    private Lanes() {
    }

    /** A class of the second lane: beside the first, one at a time, never beside a class that needs {@link #ALONE}. */
    @Target(TYPE)
    @Retention(RUNTIME)
    @Execution(ExecutionMode.CONCURRENT)
    @ResourceLock(SECOND)
    @ResourceLock(value = ALONE, mode = ResourceAccessMode.READ)
    @interface SecondLane {
    }
}
