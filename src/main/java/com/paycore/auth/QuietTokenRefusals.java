package com.paycore.auth;

import java.util.logging.Level;
import java.util.logging.Logger;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;

/**
 * Payara's MP-JWT identity store logs every refused bearer token (malformed, tampered, expired) at INFO with a full
 * stack trace: anyone could fill the server log with a stream of garbage tokens, and the traces hide real errors. The
 * refusal is an ordinary 401 for the caller; only warnings and errors of that store are kept. Set at startup; it
 * depends on nothing else that starts.
 */
@ApplicationScoped
class QuietTokenRefusals {

    static final String IDENTITY_STORE = "fish.payara.microprofile.jwtauth.eesecurity.SignedJWTIdentityStore";

    // held strongly: java.util.logging keeps loggers weakly, and a collected logger would lose its level
    private static final Logger STORE = Logger.getLogger(IDENTITY_STORE);

    void quiet(@Observes @Initialized(ApplicationScoped.class) Object started) {
        STORE.setLevel(Level.WARNING);
    }
}
