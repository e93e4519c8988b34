package com.paycore.retention;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import com.paycore.platform.runtime.Settings;

/**
 * The kinds of rows the retention job deletes, as each feature declares them when the job asks (a CDI event of this
 * type, fired once at startup): a kind is a table with a primary key column {@code id}, the setting that says how long
 * its rows are kept, and the SQL condition (over the table aliased {@code t}) a row must meet to go, in which
 * {@code :cutoff} stands for the moment the setting's retention ago and {@code :now} for the current moment.
 */
public final class Retention {

    /**
     * A kind of rows: {@code name} names it in logs and in the run's answer; {@code setting} is read as a whole number
     * of {@code unit}s, at least {@code minimum}, {@code fallback} when unset; {@code off} or 0 keeps the rows for
     * good.
     */
    public record Kind(String name, String setting, ChronoUnit unit, long fallback, long minimum, String table,
                       String condition) {

        /** How long rows of this kind are kept, {@code value} being its setting's; null when that turns pruning off. */
        Duration keptFor(String value) {
            long amount = Settings.wholeOrOff(setting, value, fallback);
            if (amount == 0) {
                return null;
            }
            if (amount < minimum) {
                throw new IllegalArgumentException(setting + " must be at least " + minimum + " ("
                        + unit.toString().toLowerCase(Locale.ROOT) + "), or off; got " + value);
            }
            return Duration.of(amount, unit);
        }
    }

    private final List<Kind> kinds = new ArrayList<>();

    /** Declares rows kept {@code setting} days (default {@code fallback}, at least {@code minimum}). */
    public void days(String name, String setting, long fallback, long minimum, String table, String condition) {
        kinds.add(new Kind(name, setting, ChronoUnit.DAYS, fallback, minimum, table, condition));
    }

    /** Declares rows kept {@code setting} hours (default {@code fallback}, at least {@code minimum}). */
    public void hours(String name, String setting, long fallback, long minimum, String table, String condition) {
        kinds.add(new Kind(name, setting, ChronoUnit.HOURS, fallback, minimum, table, condition));
    }

    List<Kind> all() {
        return List.copyOf(kinds);
    }
}
