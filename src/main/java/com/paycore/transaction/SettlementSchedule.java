package com.paycore.transaction;

import java.time.LocalTime;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.logging.Level;
import java.util.logging.Logger;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.ScheduleExpression;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.Timeout;
import jakarta.ejb.TimerConfig;
import jakarta.ejb.TimerService;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;

import com.paycore.platform.Settings;

/**
 * The daily settlement run at the cut-off time ({@code payments.settlement.cutoff-time}, {@code HH:mm}, default
 * {@code 00:00}, in {@code payments.settlement.time-zone}, default UTC; {@code off} disables it). It settles what was
 * captured or refunded before that moment. A non-persistent timer on every instance: the runs are safe together.
 */
@Singleton
@Startup
public class SettlementSchedule {

    private static final Logger LOG = Logger.getLogger(SettlementSchedule.class.getName());

    @Resource
    TimerService timers;

    @Inject
    SettlementService settlement;

    @PostConstruct
    void schedule() {
        String cutoff = Settings.get("payments.settlement.cutoff-time");
        if ("off".equalsIgnoreCase(cutoff)) {
            LOG.info("Scheduled settlement is off (payments.settlement.cutoff-time=off)");
            return;
        }
        LocalTime at = parseCutoff(cutoff);
        ZoneId zone = parseZone(Settings.get("payments.settlement.time-zone"));
        timers.createCalendarTimer(new ScheduleExpression().hour(at.getHour()).minute(at.getMinute()).second(0)
                .timezone(zone.getId()), new TimerConfig("settlement", false));
    }

    @Timeout
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    void run() {
        try {
            SettlementService.Result result = settlement.run(settlement.now());
            LOG.info(() -> "Settlement run: " + result.settled() + " captures and " + result.refundsSettled()
                    + " refunds settled");
        } catch (RuntimeException e) {
            LOG.log(Level.SEVERE, "Settlement run failed; the next run settles what this one left", e);
        }
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
