package com.paycore.it;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A scenario that works only with Payara Micro instances and a database of its own (nothing of the shared instances'
 * data, settings or counts) runs on a thread of its own from the start of ApiIT, while the other scenarios run: its
 * instances boot and work with the CPU the others leave idle ({@link ExtraInstance#startWhenIdle}). Its test waits
 * for the outcome, and fails with the scenario's own assertion error.
 */
final class Background {

    private Background() {
    }

    /** Starts the scenario's body on a daemon thread of its own, named after it. */
    static Future<Void> run(String name, Callable<Void> body) {
        FutureTask<Void> scenario = new FutureTask<>(body);
        Thread thread = new Thread(scenario, "background " + name);
        thread.setDaemon(true);
        thread.start();
        return scenario;
    }

    /** Waits for the scenario's end (at most the bound); rethrows what failed it, assertion errors as they were. */
    static void await(Future<Void> scenario, Duration bound) throws Exception {
        try {
            scenario.get(bound.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            if (e.getCause() instanceof Exception exception) {
                throw exception;
            }
            throw e;
        } catch (TimeoutException e) {
            throw new AssertionError("the background scenario did not end in " + bound, e);
        }
    }
}
