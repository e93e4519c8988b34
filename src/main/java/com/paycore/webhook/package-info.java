/**
 * Webhooks: project endpoints that receive the outbox's events (DESIGN.md section 10), their secrets (sealed under the
 * master key, rotated with a 24 h overlap), the delivery worker that every instance runs (claims with
 * {@code FOR UPDATE SKIP LOCKED}, signed POSTs, retries on a schedule, gives up after 3 days) and the delivery log.
 * Owns the webhook_endpoints, webhook_deliveries and webhook_attempts tables; reads events only through
 * {@link com.paycore.event.Events}.
 */
package com.paycore.webhook;
