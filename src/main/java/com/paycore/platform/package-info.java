/**
 * The kernel every feature may use and that uses no feature, in four rooms: {@code web} (the application, the
 * envelope, the error catalogue and its mappers), {@code input} (request bodies and parameters), {@code runtime}
 * (settings, start order, periodic jobs, draining, metrics) and {@code data} (datasource, schema, JDBC and JPA
 * helpers). A room uses only the rooms before it: {@code web} none, {@code input} and {@code runtime} {@code web},
 * {@code data} {@code web} and {@code runtime} (checked by ArchitectureTest). The master key and sealed columns are a
 * feature of their own, {@code com.paycore.secret}.
 */
package com.paycore.platform;
