package com.paycore.console;

import java.util.Optional;
import java.util.UUID;

import com.paycore.platform.input.Ids;
import com.paycore.platform.web.AppException;

/** How the console's pages read an id from an address and put a service's refusal into words. */
final class Refusal {

    private Refusal() {
    }

    /** The id the address holds; empty when it holds none or a malformed one (answered as an unknown id). */
    static Optional<UUID> id(Object value) {
        try {
            return value instanceof String text ? Optional.of(Ids.parse(text.strip())) : Optional.empty();
        } catch (IllegalArgumentException malformed) {
            return Optional.empty();
        }
    }

    /** The API's own error message (the error catalogue's words: no class name, no SQL, no secret). */
    static String words(AppException refused) {
        return refused.getMessage();
    }

    /** The HTTP status the API answers for this refusal. */
    static int status(AppException refused) {
        return refused.code().status();
    }
}
