package com.paycore.transaction;

/** The moves of a transaction, as recorded in its events (and read by the reports). */
public enum EventType {
    Authorize, Capture, Settle, Refund, RefundSettle, ReverseAuthorize, Chargeback
}
