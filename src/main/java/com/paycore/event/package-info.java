/**
 * Events (DESIGN.md section 10): the transactional outbox and the events API. Owns the events table. Offers
 * {@link com.paycore.event.Events} to the features whose state changes are events (each records its event in the
 * database transaction of the change) and to the webhook delivery, which fans the recorded events out; and
 * {@link com.paycore.event.Topic}, the event types.
 */
package com.paycore.event;
