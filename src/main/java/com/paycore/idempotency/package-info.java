/**
 * Idempotency keys on POSTs marked {@link com.paycore.idempotency.Idempotent}: the filter that replays a stored answer
 * or refuses a conflicting one, its table (idempotency_keys) and the job that removes expired keys. Offers the
 * annotation; depends only on the platform and on who is calling.
 */
package com.paycore.idempotency;
