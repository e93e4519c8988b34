/**
 * Retention: rows that outlive their purpose (event outbox rows, webhook deliveries and attempts, dead refresh
 * tokens, finished runs, idempotency rows, audit rows) are deleted by a periodic job on every instance, in bounded
 * batches, each after its own setting {@code payments.retention.*}. Each feature declares its own rows when the job
 * asks ({@link com.paycore.retention.Retention}, a CDI event, as {@code SecretColumns} does for sealed columns), so
 * the knowledge of a table stays in its feature. {@code POST /api/adm/retention/run} (PlatformAdmin) runs it now.
 * Depends on {@code platform} and {@code access} only.
 */
package com.paycore.retention;
