package com.paycore.transaction;

/** The moves of a transaction, as recorded in its events (and read by the reports). */
enum EventType {
    Authorize, Capture, Settle, Refund, RefundSettle, ReverseAuthorize, Chargeback
}
