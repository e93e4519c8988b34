package com.paycore.platform.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;

import org.junit.jupiter.api.Test;

class AutovacuumWarningTest {

    @Test
    void autovacuumOffIsWarnedAbout() {
        Optional<String> warning = SchemaMigration.autovacuumWarning("off");
        assertTrue(warning.isPresent());
        assertTrue(warning.get().contains("autovacuum = off"));
        assertTrue(warning.get().contains("ANALYZE"));
    }

    @Test
    void autovacuumOnNeedsNoWarning() {
        assertEquals(Optional.empty(), SchemaMigration.autovacuumWarning("on"));
    }
}
