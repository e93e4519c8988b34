/**
 * Data access: the datasource and its defaults ({@link Datasource}, {@link DatabaseConfigSource}), the schema
 * (Liquibase at start, {@link SchemaMigration}, {@link ChangelogFingerprint}), plain JDBC ({@link Jdbc}), JPA helpers
 * (the entity base {@link Timestamped}, {@link NullableUuid}, {@link Jpql}, {@link Where}, {@link Likes},
 * {@link UniqueViolations}), list paging ({@link Page}) and the database's health ({@link DatabaseReadiness},
 * {@link PoolMetrics}). Uses the {@code web} and {@code runtime} rooms.
 */
package com.paycore.platform.data;
