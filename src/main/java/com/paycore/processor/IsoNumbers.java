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

    /** Each statement on PostgreSQL, then on H2 (which has no {@code nextval}). */
    static final String STAN_POSTGRES = "select nextval('iso8583_stan')";
    static final String STAN_H2 = "select next value for iso8583_stan";
    static final String STAN_AND_RRN_POSTGRES = "select nextval('iso8583_stan'), nextval('iso8583_rrn')";
    static final String STAN_AND_RRN_H2 = "select next value for iso8583_stan, next value for iso8583_rrn";

    @Inject
    Jdbc jdbc;

    long stan() {
        return next(STAN_POSTGRES, STAN_H2, row -> row.getLong(1));
    }

    /** A STAN and an RRN in one round trip (what every financial request but a capture or reversal takes). */
    long[] stanAndRrn() {
        return next(STAN_AND_RRN_POSTGRES, STAN_AND_RRN_H2, row -> new long[] {row.getLong(1), row.getLong(2)});
    }

    private <T> T next(String postgres, String h2, Jdbc.RowReader<T> reader) {
        return jdbc.session(session -> session.first(session.postgres() ? postgres : h2, reader)).orElseThrow();
    }
}
