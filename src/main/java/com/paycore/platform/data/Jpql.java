package com.paycore.platform.data;

/** JPQL fragments that read the same on PostgreSQL and H2. */
public final class Jpql {

    private Jpql() {
    }

    /**
     * A boolean attribute equal to a value. EclipseLink binds boolean values (literals too) in a way H2 2.x compares
     * as numbers and refuses, so the test is written as SQL's {@code IS TRUE}/{@code IS FALSE}, which both accept.
     */
    public static String is(String path, boolean value) {
        return "SQL('? IS " + (value ? "TRUE" : "FALSE") + "', " + path + ")";
    }
}
