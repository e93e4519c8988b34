package com.paycore.cardupdater;

import java.time.LocalTime;
import java.time.ZonedDateTime;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/**
 * When the monthly run fires: {@code payments.card-updater.schedule} is {@code "<day of month> <HH:mm>"} in UTC,
 * the day 1 to 28 so that every month has it (default {@code "1 02:00"}), or {@code off}.
 */
record MonthlySchedule(int dayOfMonth, LocalTime time) {

    static final String DEFAULT = "1 02:00";

    /** The first run after {@code from}, in {@code from}'s zone (the schedule's is UTC). */
    ZonedDateTime nextRun(ZonedDateTime from) {
        ZonedDateTime thisMonth = from.toLocalDate().withDayOfMonth(dayOfMonth).atTime(time).atZone(from.getZone());
        return thisMonth.isAfter(from) ? thisMonth
                : from.toLocalDate().withDayOfMonth(1).plusMonths(1).withDayOfMonth(dayOfMonth).atTime(time).atZone(from.getZone());
    }

    /** Empty when the schedule is off; a value that does not parse stops the deployment with a clear message. */
    static Optional<MonthlySchedule> parse(String value) {
        String setting = value == null || value.isBlank() ? DEFAULT : value.trim();
        if ("off".equalsIgnoreCase(setting)) {
            return Optional.empty();
        }
        String[] parts = setting.split("\\s+");
        try {
            if (parts.length == 2 && parts[0].matches("\\d{1,2}")) {
                int day = Integer.parseInt(parts[0]);
                if (day >= 1 && day <= 28) {
                    return Optional.of(new MonthlySchedule(day, LocalTime.parse(parts[1])));
                }
            }
        } catch (DateTimeParseException e) {
            // falls through to the message below
        }
        throw new IllegalArgumentException("payments.card-updater.schedule must be '<day of month 1-28> <HH:mm>' "
                + "(UTC) or off, got " + setting);
    }
}
