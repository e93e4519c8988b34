package com.paycore.cardupdater;

import java.util.Arrays;
import java.util.stream.Collectors;

import com.paycore.platform.web.AppException;
import com.paycore.platform.web.ErrorCode;

/** The spec's update types: what the card's issuer reported and the updater recorded. */
enum UpdateType {
    CardExpired, CardReplaced, AccountClosed, ContactCardholder;

    /** E14's {@code updateType}: one of the names exactly, else 400; null when not given. */
    static UpdateType parse(String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        return Arrays.stream(values()).filter(t -> t.name().equals(value.trim())).findFirst()
                .orElseThrow(() -> new AppException(ErrorCode.INVALID_PARAMETER, "updateType", "expected one of "
                        + Arrays.stream(values()).map(Enum::name).collect(Collectors.joining(", "))));
    }
}
