package com.paycore.it;

/**
 * The two lanes {@link ApiIT}'s scenario classes run in, side by side (failsafe's JUnit configuration in pom.xml:
 * parallel execution, two threads, classes on the thread of their parent unless they say otherwise).
 * <ul>
 * <li>The API lane: every class without {@code @Execution(CONCURRENT)}, one after the other in ApiIT's order.</li>
 * <li>The browser lane: the console's classes marked {@code @Execution(CONCURRENT)}, one at a time ({@link #BROWSER}),
 * beside the API lane. They make their own companies, projects and users, and read only those.</li>
 * </ul>
 * A class that reads or changes what belongs to the whole platform (every table's row count, the request counters of a
 * route, every platform administrator) or that measures an instance's speed takes {@link #ALONE} for writing; the
 * browser lane's classes hold it for reading, so such a class never runs beside one of them. A class that runs a
 * settlement, reconciliation or auto-acceptance over every company takes {@link #SETTLEMENT} for writing, and the
 * browser classes that capture, refund or dispute hold it for reading.
 */
final class Lanes {

    /** Held by each class of the browser lane: one of them at a time. */
    static final String BROWSER = "it-browser-lane";

    /** Read by the browser lane's classes; written by a class that must have the instances under test to itself. */
    static final String ALONE = "it-instances-alone";

    /**
     * Written by a class that settles, reconciles or auto-accepts over every company; read by a browser class whose
     * captures, refunds or chargebacks such a run would move.
     */
    static final String SETTLEMENT = "it-settlement-runs";

    private Lanes() {
    }
}
