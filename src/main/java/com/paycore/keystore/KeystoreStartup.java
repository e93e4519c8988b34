package com.paycore.keystore;

import jakarta.annotation.PostConstruct;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.inject.Inject;

/** Makes the first keystore at first startup, so card data can be taken from the first request on. */
@Singleton
@Startup
@DependsOn("SchemaMigration")
public class KeystoreStartup {

    @Inject
    KeystoreService keystores;

    @PostConstruct
    void ensureKeystore() {
        keystores.ensureOne();
    }
}
