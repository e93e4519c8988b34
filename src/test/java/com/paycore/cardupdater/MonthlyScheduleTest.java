package com.paycore.cardupdater;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalTime;
import java.util.Optional;

import org.junit.jupiter.api.Test;

class MonthlyScheduleTest {

    @Test
    void defaultsToTheFirstOfTheMonthAtTwo() {
        assertEquals(Optional.of(new MonthlySchedule(1, LocalTime.of(2, 0))), MonthlySchedule.parse(null));
        assertEquals(Optional.of(new MonthlySchedule(1, LocalTime.of(2, 0))), MonthlySchedule.parse(" "));
    }

    @Test
    void readsDayAndTime() {
        assertEquals(Optional.of(new MonthlySchedule(28, LocalTime.of(23, 45))), MonthlySchedule.parse(" 28  23:45 "));
    }

    @Test
    void offTurnsItOff() {
        assertTrue(MonthlySchedule.parse("OFF").isEmpty());
    }

    @Test
    void daysEveryMonthDoesNotHaveAndBadTimesFailLoudly() {
        for (String bad : new String[] {"29 02:00", "0 02:00", "1", "02:00", "1 25:00", "first 02:00", "1 02:00 UTC"}) {
            assertThrows(IllegalArgumentException.class, () -> MonthlySchedule.parse(bad), bad);
        }
    }
}
