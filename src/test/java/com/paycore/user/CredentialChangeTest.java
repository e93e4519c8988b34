package com.paycore.user;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.OffsetDateTime;
import java.util.UUID;

import org.junit.jupiter.api.Test;

/** Which access tokens a credential change ends, at the one-second granularity of iat. */
class CredentialChangeTest {

    @Test
    void tokensOfEarlierSecondsAreStaleThoseOfTheSameSecondOrLaterAreNot() {
        User user = new User("ada@example.com", false);
        assertFalse(Account.of(user).issuedBeforeCredentialChange(0), "never changed: no token is stale");
        OffsetDateTime change = OffsetDateTime.parse("2026-11-26T06:30:15.750Z");
        user.recordCredentialChange(change);
        long second = change.toEpochSecond();
        Account account = Account.of(user);
        assertTrue(account.issuedBeforeCredentialChange(second - 1), "issued a second earlier");
        assertFalse(account.issuedBeforeCredentialChange(second),
                "issued in the same second (the login with the new password right after the change)");
        assertFalse(account.issuedBeforeCredentialChange(second + 1));
    }

    /** The API's bearer tokens and the console's sessions both ask this: active, and not older than the change. */
    @Test
    void aSignInMayStillActWhileTheAccountIsActiveAndItIsNotOlderThanTheChange() {
        OffsetDateTime change = OffsetDateTime.parse("2026-11-26T06:30:15Z");
        long second = change.toEpochSecond();
        Account account = new Account(UUID.randomUUID(), "ada@example.com", null, null, null, true, false,
                null, change);
        assertTrue(account.mayStillAct(second));
        assertFalse(account.mayStillAct(second - 1), "older than the change");
        Account inactive = new Account(account.id(), account.email(), null, null, null, false, false, null, change);
        assertFalse(inactive.mayStillAct(second + 1), "inactive");
    }
}
