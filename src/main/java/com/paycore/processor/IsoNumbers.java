package com.paycore.processor;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import com.paycore.platform.data.Jdbc;

/**
 * Gateway 2's message numbers from database sequences, so instances sharing a database never hand out the same one:
 * the STAN (field 11, {@code iso8583_stan}, cycling 1-999999) and the retrieval reference number (field 37,
 * {@code iso8583_rrn}). Outside the container (tests) any implementation will do.
 */
@ApplicationScoped
class IsoNumbers {

    @Inject
    Jdbc jdbc;

    long stan() {
        return next("iso8583_stan");
    }

    long rrn() {
        return next("iso8583_rrn");
    }

    /** A STAN and an RRN in one round trip (what every financial request but a capture or reversal takes). */
    long[] stanAndRrn() {
        return jdbc.session(session -> session.first(session.postgres()
                        ? "select nextval('iso8583_stan'), nextval('iso8583_rrn')"
                        : "select next value for iso8583_stan, next value for iso8583_rrn",
                row -> new long[] {row.getLong(1), row.getLong(2)})).orElseThrow();
    }

    private long next(String sequence) {
        return jdbc.session(session -> session.first(session.postgres() ? "select nextval('" + sequence + "')"
                : "select next value for " + sequence, row -> row.getLong(1))).orElseThrow();
    }
}
