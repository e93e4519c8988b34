package com.paycore.retention;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.sql.DataSource;

import jakarta.annotation.Priority;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import com.paycore.access.Caller;
import com.paycore.platform.data.Datasource;
import com.paycore.platform.input.Times;
import com.paycore.platform.runtime.Schedules;
import com.paycore.platform.runtime.Settings;
import com.paycore.platform.runtime.StartupOrder;

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
class RetentionJob {

    private static final Logger LOG = Logger.getLogger(RetentionJob.class.getName());
    static final String INTERVAL = "payments.retention.interval-seconds";
    static final String BATCH_SIZE = "payments.retention.batch-size";
    private static final Pattern PLACEHOLDER = Pattern.compile(":(cutoff|now)\\b");

    @Resource(lookup = Datasource.JNDI_NAME)
    DataSource dataSource;

    @Inject
    Event<Retention> declarations;

    @Inject
    Schedules schedules;

    @Inject
    Clock clock;

    @Inject
    Caller caller;

    /** A kind with its retention read from its setting; {@code keptFor} null: kept for good. */
    record Plan(Retention.Kind kind, Duration keptFor) {
    }

    private volatile List<Plan> plans;
    private volatile int batchSize;

    void schedule(@Observes @Priority(StartupOrder.SCHEDULES) @Initialized(ApplicationScoped.class) Object started) {
        plans();
        long seconds = Settings.wholeOrOff(INTERVAL, Settings.get(INTERVAL), 3600);
        if (seconds == 0) {
            LOG.info("Periodic retention is off (" + INTERVAL + ")");
            return;
        }
        schedules.withFixedDelay("retention", Duration.ofSeconds(seconds), this::run);
    }

    /** The declared kinds and their retention, read once (a bad setting fails here, at startup). */
    List<Plan> plans() {
        List<Plan> read = plans;
        if (read == null) {
            Retention retention = new Retention();
            declarations.fire(retention);
            List<Plan> list = new ArrayList<>();
            for (Retention.Kind kind : retention.all()) {
                list.add(new Plan(kind, kind.keptFor()));
            }
            batchSize = batchSize(Settings.get(BATCH_SIZE));
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
        int total = 0;
        try (Connection connection = dataSource.getConnection()) {
            connection.setAutoCommit(true);
            boolean postgres = connection.getMetaData().getDatabaseProductName().toLowerCase(Locale.ROOT)
                    .contains("postgres");
            List<String> order = new ArrayList<>();
            String sql = deleteSql(kind, size, postgres, order);
            try (PreparedStatement delete = connection.prepareStatement(sql)) {
                for (int i = 0; i < order.size(); i++) {
                    delete.setObject(i + 1, "cutoff".equals(order.get(i)) ? cutoff : now);
                }
                int batch;
                do {
                    batch = delete.executeUpdate();
                    total += batch;
                } while (batch >= size);
            }
            return total;
        } catch (SQLException e) {
            throw new IllegalStateException("retention of " + kind.name() + " failed after " + total
                    + " rows (SQL state " + e.getSQLState() + ")", e);
        }
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
