package com.paycore.platform.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SettingsWholeTest {

    @Test
    void wholeNumbersOffAndFallback() {
        assertEquals(42, Settings.wholeOrOff("k", null, 42));
        assertEquals(42, Settings.wholeOrOff("k", " ", 42));
        assertEquals(7, Settings.wholeOrOff("k", " 7 ", 42));
        assertEquals(0, Settings.wholeOrOff("k", "OFF", 42));
        IllegalArgumentException negative = assertThrows(IllegalArgumentException.class, () -> Settings.wholeOrOff("a.b", "-1", 0));
        assertTrue(negative.getMessage().contains("a.b"));
        assertThrows(IllegalArgumentException.class, () -> Settings.wholeOrOff("a.b", "PT1M", 0));
    }
}
