package com.paycore.retention;

import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import org.eclipse.microprofile.config.Config;

import com.paycore.access.Caller;
import com.paycore.platform.data.Jdbc;
import com.paycore.platform.input.Times;
import com.paycore.platform.runtime.ScheduledJob;
import com.paycore.platform.runtime.Schedules;
import com.paycore.platform.runtime.Settings;

/**
 * Deletes the rows past their retention ({@link Retention}), every {@code payments.retention.interval-seconds}
 * (default 3600; 0 or {@code off} disables the schedule) counted from the end of the previous run, on every instance
 * ({@link Schedules}). Each kind goes in batches of at most {@code payments.retention.batch-size} rows (default 1000),
 * each batch one auto-committed statement {@code DELETE ... WHERE id IN (SELECT id ... FETCH FIRST n ROWS ONLY)}, until
 * a batch finds fewer rows: no long transaction, no lock held between batches. On PostgreSQL the batch's rows are
 * locked with {@code SKIP LOCKED}, so instances pruning at the same moment take different rows and never wait for
 * each other; a row another instance deleted first is simply not there any more. The settings are read (and checked:
 * a bad value stops the deployment, naming the setting) at startup.
 */
@ApplicationScoped
class RetentionJob implements ScheduledJob {

    private static final Logger LOG = Logger.getLogger(RetentionJob.class.getName());
    static final String INTERVAL = "payments.retention.interval-seconds";
    static final String BATCH_SIZE = "payments.retention.batch-size";
    private static final Pattern PLACEHOLDER = Pattern.compile(":(cutoff|now)\\b");

    @Inject
    Jdbc jdbc;

    @Inject
    Event<Retention> declarations;

    @Inject
    Clock clock;

    @Inject
    Caller caller;

    /** The kinds' settings are named by the features that declare them: read by name. */
    @Inject
    Config config;

    /** A kind with its retention read from its setting; {@code keptFor} null: kept for good. */
    record Plan(Retention.Kind kind, Duration keptFor) {
    }

    private volatile List<Plan> plans;
    private volatile int batchSize;

    @Override
    public void arm(Schedules schedules) {
        plans();
        schedules.every("retention", INTERVAL, 3600, this::run);
    }

    /** The declared kinds and their retention, read once (a bad setting fails here, at startup). */
    List<Plan> plans() {
        List<Plan> read = plans;
        if (read == null) {
            Retention retention = new Retention();
            declarations.fire(retention);
            List<Plan> list = new ArrayList<>();
            for (Retention.Kind kind : retention.all()) {
                list.add(new Plan(kind, kind.keptFor(Settings.value(config, kind.setting()))));
            }
            batchSize = batchSize(Settings.value(config, BATCH_SIZE));
            plans = read = List.copyOf(list);
        }
        return read;
    }

    static int batchSize(String value) {
        long size = Settings.wholeOrOff(BATCH_SIZE, value, 1000);
        if (size < 1 || size > 100_000) {
            throw new IllegalArgumentException(BATCH_SIZE + " must be 1 to 100000, got " + value);
        }
        return (int) size;
    }

    /** {@code POST /api/adm/retention/run}: platform administrators only. Answers the rows deleted per kind. */
    @Transactional(Transactional.TxType.NOT_SUPPORTED)
    public Map<String, Integer> runNow() {
        caller.requirePlatformAdmin();
        return run();
    }

    /** One run: every kind whose retention is on, in declaration order. A failing kind does not stop the others. */
    @Transactional(Transactional.TxType.NOT_SUPPORTED)
    public Map<String, Integer> run() {
        OffsetDateTime now = Times.utc(clock.instant());
        Map<String, Integer> deleted = new LinkedHashMap<>();
        RuntimeException failed = null;
        for (Plan plan : plans()) {
            if (plan.keptFor() == null) {
                continue;
            }
            try {
                int count = prune(plan.kind(), now.minus(plan.keptFor()), now);
                deleted.put(plan.kind().name(), count);
                if (count > 0) {
                    LOG.fine(() -> "Retention: " + count + " " + plan.kind().name() + " rows deleted");
                }
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "Retention of " + plan.kind().name() + " failed; the next run retries", e);
                failed = e;
            }
        }
        if (failed != null) {
            throw failed;
        }
        return deleted;
    }

    /** Deletes the rows of {@code kind} older than {@code cutoff}, batch by batch; answers how many. */
    int prune(Retention.Kind kind, OffsetDateTime cutoff, OffsetDateTime now) {
        int size = batchSize;
        return jdbc.session(session -> {
            List<String> order = new ArrayList<>();
            String sql = deleteSql(kind, size, session.postgres(), order);
            return session.repeat(sql, size, order.stream().map(name -> "cutoff".equals(name) ? cutoff : now).toArray());
        });
    }

    /**
     * The batch statement of {@code kind}; {@code order} receives the placeholders ({@code cutoff}, {@code now}) in
     * the order of their parameters.
     */
    static String deleteSql(Retention.Kind kind, int size, boolean postgres, List<String> order) {
        Matcher m = PLACEHOLDER.matcher(kind.condition());
        StringBuilder condition = new StringBuilder();
        while (m.find()) {
            order.add(m.group(1));
            m.appendReplacement(condition, "?");
        }
        m.appendTail(condition);
        return "DELETE FROM " + kind.table() + " WHERE id IN (SELECT t.id FROM " + kind.table() + " t WHERE "
                + condition + " FETCH FIRST " + size + " ROWS ONLY" + (postgres ? " FOR UPDATE SKIP LOCKED" : "") + ")";
    }
}
