package com.paycore.processor;

import com.paycore.platform.web.AppException;
import com.paycore.platform.web.ErrorCode;

/**
 * Processor gateway and payment type values (DESIGN.md sections 5 and 12): gateway 1 = Simulator, 2 = ISO 8583
 * acquirer; payment type 1 = CreditCard.
 */
public final class Gateways {

    public static final int SIMULATOR = 1;
    public static final int ACQUIRER = 2;
    public static final int CREDIT_CARD = 1;
    /** The Simulator's one setting: how long it waits before it answers, in milliseconds. */
    public static final String SIMULATOR_LATENCY_SETTING = "simulatorLatencyMs";

    private Gateways() {
    }

    /** The gateway's name, in words. */
    public static String name(int gateway) {
        return switch (gateway) {
            case SIMULATOR -> "Simulator";
            case ACQUIRER -> "ISO 8583 acquirer";
            default -> "Gateway " + gateway;
        };
    }

    public static int requireSupported(Integer gateway) {
        if (gateway == null || gateway != SIMULATOR && gateway != ACQUIRER) {
            throw new AppException(ErrorCode.UNSUPPORTED_GATEWAY, String.valueOf(gateway));
        }
        return gateway;
    }

    public static int requireSupportedPaymentType(Integer paymentType) {
        if (paymentType == null || paymentType != CREDIT_CARD) {
            throw AppException.invalid("paymentType: unsupported payment type " + paymentType + " (1 = CreditCard)");
        }
        return paymentType;
    }
}
