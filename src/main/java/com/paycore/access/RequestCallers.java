package com.paycore.access;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.RequestScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;

/**
 * Makes each request's {@link Caller} and {@link ProjectCaller}. They are request-scoped, made by these
 * producer methods rather than as managed beans: on Payara every managed bean instance passes through the container's
 * resource-injection hook ({@code InjectionServicesImpl.aroundInject}: service lookups, an interceptor test, a JNDI
 * environment), 7% of the server's CPU on E16 by id for one object holding four fields (docs/PERFORMANCE.md).
 */
@ApplicationScoped
class RequestCallers {

    @Inject
    PayCallers payCallers;

    @Produces
    @RequestScoped
    Caller caller() {
        return new Caller();
    }

    @Produces
    @RequestScoped
    ProjectCaller projectCaller() {
        ProjectCaller caller = new ProjectCaller();
        caller.callers = payCallers;
        return caller;
    }
}
