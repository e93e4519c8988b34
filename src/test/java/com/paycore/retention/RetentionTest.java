package com.paycore.retention;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class RetentionTest {

    private static final String SETTING = "payments.retention.test-days";

    private static Retention.Kind kind(String condition) {
        Retention retention = new Retention();
        retention.days("things", SETTING, 90, 30, "things", condition);
        return retention.all().get(0);
    }

    @Test
    void theBatchDeletesByIdFromABoundedLockedSelectWithTheParametersInOrder() {
        List<String> order = new ArrayList<>();
        String sql = RetentionJob.deleteSql(kind("t.a < :cutoff AND t.b > :now AND t.c < :cutoff"), 500, true, order);
        assertEquals("DELETE FROM things WHERE id IN (SELECT t.id FROM things t WHERE t.a < ? AND t.b > ? AND t.c < ? "
                + "FETCH FIRST 500 ROWS ONLY FOR UPDATE SKIP LOCKED)", sql);
        assertEquals(List.of("cutoff", "now", "cutoff"), order);
        String h2 = RetentionJob.deleteSql(kind("t.a < :cutoff"), 7, false, new ArrayList<>());
        assertTrue(h2.endsWith("FETCH FIRST 7 ROWS ONLY)"), h2);
    }

    @Test
    void theSettingDefaultsIsCheckedAgainstItsMinimumAndOffKeepsForGood() {
        assertEquals(Duration.ofDays(90), kind("x").keptFor(null));
        assertEquals(Duration.ofDays(45), kind("x").keptFor("45"));
        IllegalArgumentException tooShort = assertThrows(IllegalArgumentException.class, () -> kind("x").keptFor("29"));
        assertTrue(tooShort.getMessage().contains(SETTING), tooShort.getMessage());
        assertNull(kind("x").keptFor("off"));
        assertNull(kind("x").keptFor("0"));
        assertThrows(IllegalArgumentException.class, () -> kind("x").keptFor("ninety"));
    }

    @Test
    void theBatchSizeIsBounded() {
        assertEquals(1000, RetentionJob.batchSize(null));
        assertEquals(2, RetentionJob.batchSize("2"));
        assertThrows(IllegalArgumentException.class, () -> RetentionJob.batchSize("0"));
        assertThrows(IllegalArgumentException.class, () -> RetentionJob.batchSize("1000000"));
    }
}
