package com.paycore.platform.input;

import com.paycore.platform.web.AppException;

/** Checks for fields Bean Validation cannot express alone (a required field that has an alias). */
public final class Fields {

    private Fields() {
    }

    public static String required(String name, String value, int maxLength) {
        if (value == null || value.isBlank()) {
            throw AppException.invalid(name + ": must not be blank");
        }
        if (value.trim().length() > maxLength) {
            throw AppException.invalid(name + ": size must be between 1 and " + maxLength);
        }
        return value.trim();
    }
}
