package com.paycore.auth;

import java.util.logging.Level;
import java.util.logging.Logger;

import jakarta.annotation.PostConstruct;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;

/**
 * Payara's MP-JWT identity store logs every refused bearer token (malformed, tampered, expired) at INFO with a full
 * stack trace: anyone could fill the server log with a stream of garbage tokens, and the traces hide real errors. The
 * refusal is an ordinary 401 for the caller; only warnings and errors of that store are kept.
 */
@Singleton
@Startup
public class QuietTokenRefusals {

    static final String IDENTITY_STORE = "fish.payara.microprofile.jwtauth.eesecurity.SignedJWTIdentityStore";

    // held strongly: java.util.logging keeps loggers weakly, and a collected logger would lose its level
    private static final Logger STORE = Logger.getLogger(IDENTITY_STORE);

    @PostConstruct
    void quiet() {
        STORE.setLevel(Level.WARNING);
    }
}
