package com.paycore.transaction;

import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.Optional;
import java.time.format.DateTimeParseException;
import java.util.logging.Logger;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import com.paycore.platform.runtime.ScheduledJob;
import com.paycore.platform.runtime.Schedules;

/**
 * The daily settlement run at the cut-off time ({@code payments.settlement.cutoff-time}, {@code HH:mm}, default
 * {@code 00:00}, in {@code payments.settlement.time-zone}, default UTC; {@code off} disables it). It settles what was
 * captured or refunded before that moment. It runs on every instance ({@link Schedules}): the runs are safe together.
 */
@ApplicationScoped
class SettlementSchedule implements ScheduledJob {

    private static final Logger LOG = Logger.getLogger(SettlementSchedule.class.getName());

    @Inject
    SettlementService settlement;

    @Inject
    @ConfigProperty(name = "payments.settlement.cutoff-time")
    Optional<String> cutoff;

    @Inject
    @ConfigProperty(name = "payments.settlement.time-zone")
    Optional<String> zone;

    @Override
    public void arm(Schedules schedules) {
        if ("off".equalsIgnoreCase(cutoff.map(String::trim).orElse(""))) {
            LOG.info("Scheduled settlement is off (payments.settlement.cutoff-time=off)");
            return;
        }
        LocalTime at = parseCutoff(cutoff.orElse(null));
        schedules.at("settlement", parseZone(zone.orElse(null)), from -> nextRun(from, at), this::run);
    }

    /** The first cut-off time after {@code from}, in {@code from}'s zone. */
    static ZonedDateTime nextRun(ZonedDateTime from, LocalTime at) {
        ZonedDateTime today = from.toLocalDate().atTime(at).atZone(from.getZone());
        return today.isAfter(from) ? today : from.toLocalDate().plusDays(1).atTime(at).atZone(from.getZone());
    }

    /** Outside a transaction: {@link SettlementService} settles each transaction in its own. */
    void run() {
        SettlementService.Result result = settlement.run(settlement.now());
        LOG.info(() -> "Settlement run: " + result.settled() + " captures and " + result.refundsSettled()
                + " refunds settled");
    }

    static LocalTime parseCutoff(String value) {
        if (value == null || value.isBlank()) {
            return LocalTime.MIDNIGHT;
        }
        try {
            return LocalTime.parse(value.trim());
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("payments.settlement.cutoff-time must be HH:mm or off, got " + value);
        }
    }

    static ZoneId parseZone(String value) {
        if (value == null || value.isBlank()) {
            return ZoneId.of("UTC");
        }
        try {
            return ZoneId.of(value.trim());
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("payments.settlement.time-zone must be a time-zone id such as UTC or "
                    + "Europe/Berlin, got " + value);
        }
    }
}
