package com.paycore.transaction;

import com.paycore.processor.PaymentGateway.GatewayResult;

/** The result of an event. */
enum EventResult {
    Pending, Approved, Declined, Error;

    static EventResult of(GatewayResult result) {
        return switch (result.outcome()) {
            case Approved -> Approved;
            case Declined -> Declined;
            case Error -> Error;
            case Pending -> Pending;
        };
    }
}
