package com.paycore.user;

import java.util.Optional;

/**
 * Checks a token of an external issuer that a user presents as proof of its subject when linking that subject to
 * themselves. The token checks live in the auth feature, which implements this; it is declared here because users own
 * the links and auth already depends on users, not the reverse.
 */
public interface ExternalTokens {

    /**
     * The subject (sub) of the token when this instance would accept it from the issuer (its signature by the issuer's
     * key, its iss, exp and audience), else empty. Throws a 400 when this instance cannot check the issuer's tokens
     * (no key of the issuer, no audience), naming the setting.
     */
    Optional<String> verifiedSubject(ExternalIssuers.Issuer issuer, String token);
}
