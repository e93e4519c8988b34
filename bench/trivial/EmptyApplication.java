package com.paycore.diag;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/** Benchmark only (bench/trivial.sh): the application of the empty WAR, at the service's path, holding only {@link Hello}. */
@ApplicationPath("/api")
public class EmptyApplication extends Application {
}
