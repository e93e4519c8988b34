package com.paycore.idempotency;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.RequestScoped;
import jakarta.enterprise.inject.Produces;

/** Makes each request's {@link HeldKey} by a producer method, for the reason given in access.RequestCallers. */
@ApplicationScoped
class HeldKeys {

    @Produces
    @RequestScoped
    HeldKey heldKey() {
        return new HeldKey();
    }
}
