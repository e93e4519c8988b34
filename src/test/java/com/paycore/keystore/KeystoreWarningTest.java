package com.paycore.keystore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Optional;

import org.junit.jupiter.api.Test;

class KeystoreWarningTest {

    private static final OffsetDateTime NOW = OffsetDateTime.of(2026, 11, 22, 0, 0, 0, 0, ZoneOffset.UTC);
    private static final Duration MONTH = Duration.ofDays(30);

    @Test
    void warnsWhenTheNewestActiveKeystoreExpiresWithinThirtyDays() {
        assertTrue(KeystoreService.warning(Optional.of(NOW.plusDays(29)), NOW, MONTH).isPresent());
        assertTrue(KeystoreService.warning(Optional.of(NOW.plusDays(30).minusSeconds(1)), NOW, MONTH).isPresent());
    }

    @Test
    void isQuietWhenItLastsLongerOrASuccessorIsTheNewest() {
        assertEquals(Optional.empty(), KeystoreService.warning(Optional.of(NOW.plusDays(30)), NOW, MONTH));
        assertEquals(Optional.empty(), KeystoreService.warning(Optional.of(NOW.plusDays(365)), NOW, MONTH));
    }

    @Test
    void warnsWhenNoKeystoreIsActive() {
        assertEquals(Optional.of("no active keystore"), KeystoreService.warning(Optional.empty(), NOW, MONTH));
    }
}
