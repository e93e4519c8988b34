package com.paycore.keystore;

import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import com.paycore.platform.runtime.StartupOrder;

/**
 * Makes the first keystore at first startup, so card data can be taken from the first request on: after the schema
 * and the master key ({@link StartupOrder#DATA}), in {@link KeystoreService}'s own transaction.
 */
@ApplicationScoped
class KeystoreStartup {

    @Inject
    KeystoreService keystores;

    void ensureKeystore(@Observes @Priority(StartupOrder.DATA) @Initialized(ApplicationScoped.class) Object started) {
        keystores.ensureOne();
    }
}
