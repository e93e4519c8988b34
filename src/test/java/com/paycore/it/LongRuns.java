package com.paycore.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.UUID;
import java.util.function.Supplier;

import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;

/**
 * Long runs (settlement, token rotation, card updater, report sync): their POST answers 202 with the run's id and
 * {@code Location}; {@code GET /api/adm/runs/{id}} shows progress and, at the end, the outcome (the figures the
 * synchronous answer had before).
 */
final class LongRuns {

    static final String RUNS = "/api/adm/runs/";

    private LongRuns() {
    }

    /** Asserts a run's 202 answer (success envelope, id, state Running, Location naming the run); the run's id. */
    static UUID accepted(Response r) {
        String body = r.asString();
        assertEquals(202, r.statusCode(), body);
        JsonBody json = JsonBody.of(r);
        assertEquals(Boolean.TRUE, json.get("success"), body);
        assertEquals(200, json.getInt("code"), body);
        assertEquals("Running", json.getString("state"), body);
        assertNotNull(json.getString("kind"), body);
        UUID id = UUID.fromString(json.getString("id"));
        String location = r.getHeader("Location");
        assertNotNull(location, "Location of the run");
        assertTrue(location.endsWith(RUNS + id), location);
        return id;
    }

    /** Polls the run (as the caller the supplier gives) until it has ended, at most two minutes; its last GET. */
    static JsonBody awaitEnd(Supplier<RequestSpecification> as, UUID id) {
        long deadline = System.nanoTime() + 120_000_000_000L;
        while (true) {
            JsonBody run = Api.ok(as.get().get(RUNS + id));
            assertEquals(id.toString(), run.getString("entry.id"));
            if (!"Running".equals(run.getString("entry.state"))) {
                return run;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("run " + id + " still Running after two minutes: " + run.prettify());
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }

    /** The run started by this 202 answer, waited for as root: asserts it Succeeded; its outcome (the old answer). */
    static JsonBody outcome(Response accepted) {
        UUID id = accepted(accepted);
        String root = Api.rootToken();
        JsonBody run = awaitEnd(() -> Api.as(root), id);
        assertEquals("Succeeded", run.getString("entry.state"), run.prettify());
        assertEquals(0L, run.getLong("entry.itemsLeft"), run.prettify());
        return run.at("entry.outcome");
    }
}
