package com.paycore.diag;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * Benchmark only (bench/trivial.sh), never in the built WAR: a request that does nothing, answering a two-field
 * object. Added to a copy of the service's WAR it runs under the service's application (/api) with everything the
 * WAR asks of the container on every request; in a WAR of its own (with {@link EmptyApplication}) it is the
 * container's floor.
 */
@Path("diag/hello")
public class Hello {

    public record Greeting(String greeting, long at) {
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Greeting hello() {
        return new Greeting("hello", System.currentTimeMillis());
    }
}
