package com.paycore.report;

import java.io.StringReader;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.logging.Level;
import java.util.logging.Logger;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

import com.paycore.access.Caller;
import com.paycore.platform.data.Jdbc;
import com.paycore.platform.input.Times;
import com.paycore.platform.web.StrictJson;
import com.paycore.run.Runs;

/**
 * Copies new transaction events into the fact table and its hourly rollups, in SQL ({@link ReportFactRows}), and carries
 * project renames over.
 * One run is one database transaction under the row lock of the {@code report_sync_state} row, so runs on several instances (the
 * periodic job everywhere, {@code POST /api/adm/reportTransactions/sync}) take turns; rows are keyed by the event id
 * and inserted only when absent, so a run repeats nothing.
 *
 * <p>Which events are new: {@code transaction_events.recorded_at} (the database's clock at insert) at or after the
 * newest one the previous run saw, less {@link #OVERLAP}. The overlap catches events whose database transaction
 * committed after a run although it began before: it must outlast the longest transaction that writes events.
 * A {@code full} run looks at every event (to repair after a restore, for instance).
 */
@ApplicationScoped
public class ReportSync {

    private static final Logger LOG = Logger.getLogger(ReportSync.class.getName());
    static final Duration OVERLAP = Duration.ofHours(1);
    static final String STATE = "transaction_events";
    static final String KIND = "ReportSync";
    /** H2's "timeout trying to lock table": another instance sharing the embedded database is syncing. */
    private static final int H2_LOCK_TIMEOUT = 50200;

    @Inject
    Jdbc jdbc;

    @Inject
    ReportSync self;

    @Inject
    Caller caller;

    @Inject
    Clock clock;

    @Inject
    Runs runs;

    /** This instance's runs take turns before they reach the database's row lock. */
    private final ReentrantLock running = new ReentrantLock();

    /** What a run did: fact rows added, fact rows given a new project name, tag rows added. */
    public record Result(int added, int renamed, int tags) {
    }

    /**
     * A run asked for over HTTP (platform administrators), as a long run (202 at once, see {@link Runs}). It is one
     * database transaction, so its items are known at its end only: then the run shows the fact rows added as done.
     */
    Response start(boolean full, UriInfo uri) {
        caller.requirePlatformAdmin();
        return runs.start(KIND, null, uri, work(full));
    }

    /** As {@link #start}, for the console: the same check and run; the run started, or the sync still running. */
    public Runs.Begun begin(boolean full) {
        caller.requirePlatformAdmin();
        return runs.begin(KIND, null, work(full));
    }

    private Runs.Work work(boolean full) {
        return progress -> {
            Result result = run(full);
            progress.total(result.added());
            progress.done(result.added());
            return result;
        };
    }

    /** Runs now, after this instance's run in progress if there is one. */
    @Transactional(Transactional.TxType.NOT_SUPPORTED)
    public Result run(boolean full) {
        running.lock();
        try {
            return withRetries(full);
        } finally {
            running.unlock();
        }
    }

    /** Runs unless this instance is already running one (the periodic job: the next tick catches up). */
    @Transactional(Transactional.TxType.NOT_SUPPORTED)
    public Optional<Result> runIfIdle() {
        try {
            if (!running.tryLock(0, TimeUnit.SECONDS)) {
                return Optional.empty();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
        try {
            return Optional.of(withRetries(false));
        } finally {
            running.unlock();
        }
    }

    private Result withRetries(boolean full) {
        for (int attempt = 1; ; attempt++) {
            try {
                return self.once(full);
            } catch (SyncFailed e) {
                // PostgreSQL waits for the row lock; H2 gives up after its lock timeout: wait for the other run.
                if (e.errorCode != H2_LOCK_TIMEOUT || attempt == 30) {
                    throw e;
                }
                LOG.fine("Report sync waits for another instance's run");
            }
        }
    }

    /** One run in its own database transaction. */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public Result once(boolean full) {
        try {
            return jdbc.session(session -> {
                State state = lockState(session);
                OffsetDateTime watermark = state.watermark();
                OffsetDateTime newest = newestRecorded(session);
                OffsetDateTime since = full || watermark == null ? null : watermark.minus(OVERLAP);
                OffsetDateTime now = runTime(state.lastRun());
                addProjects(session);
                int renamed = renameProjects(session);
                int added = addEvents(session, since, now);
                int tags = addTags(session, since);
                saveState(session, newest == null || (watermark != null && watermark.isAfter(newest)) ? watermark : newest,
                        now, added);
                return new Result(added, renamed, tags);
            });
        } catch (IllegalStateException e) {
            if (e.getCause() instanceof SQLException refused) {
                throw new SyncFailed(refused);
            }
            throw e;
        }
    }

    /** The state row: the newest recorded time a run saw, when the last run ran (each null before the first). */
    private record State(OffsetDateTime watermark, OffsetDateTime lastRun) {
    }

    /** Locks the state row until the transaction ends; answers it. */
    private static State lockState(Jdbc.Session session) throws SQLException {
        return session.first(ReportFactRows.LOCK_STATE, rs -> new State(rs.getObject(1, OffsetDateTime.class),
                        rs.getObject(2, OffsetDateTime.class)), STATE)
                .orElseThrow(() -> new IllegalStateException("report_sync_state has no row " + STATE));
    }

    /**
     * This run's time, which its fact rows carry as {@code synced_at}: the clock's, or a microsecond after the last
     * run's when the clock says otherwise (another instance's clock behind), so that no two runs share it.
     */
    private OffsetDateTime runTime(OffsetDateTime lastRun) {
        OffsetDateTime now = Times.utc(clock.instant());
        return lastRun != null && !now.isAfter(lastRun) ? Times.utc(lastRun.toInstant().plusNanos(1_000)) : now;
    }

    private static OffsetDateTime newestRecorded(Jdbc.Session session) throws SQLException {
        return session.first(ReportFactRows.NEWEST, rs -> Optional.ofNullable(rs.getObject(1, OffsetDateTime.class)))
                .flatMap(newest -> newest).orElse(null);
    }

    /** Projects the fact table has not seen yet, with their names: the names new fact rows take. */
    private static void addProjects(Jdbc.Session session) throws SQLException {
        session.update(ReportFactRows.ADD_PROJECTS);
    }

    /** Renamed projects: their fact rows first, then the names the next rows take. Answers the fact rows changed. */
    private static int renameProjects(Jdbc.Session session) throws SQLException {
        int renamed = session.update(ReportFactRows.RENAME_FACTS);
        session.update(ReportFactRows.RENAME_PROJECTS);
        return renamed;
    }

    /**
     * The events recorded since {@code since} (null: all) that the fact table lacks, copied with this run's time; then
     * the rows copied, read back by that time, added to the hourly rollups. Not the other way round: each statement
     * sees the events committed when it starts, so a rollup filled from the events first could miss one that the copy
     * then found.
     */
    private int addEvents(Jdbc.Session session, OffsetDateTime since, OffsetDateTime now) throws SQLException {
        Dialect dialect = session.postgres() ? Dialect.POSTGRESQL : Dialect.H2;
        String sql = ReportFactRows.addEvents(dialect, since != null);
        int added = since == null ? session.update(sql, now) : session.update(sql, now, since);
        if (added > 0) {
            for (ReportHours.Table table : ReportHours.Table.values()) {
                session.update(ReportFactRows.addHours(dialect, table), now);
            }
        }
        return added;
    }

    /**
     * Tags of the transactions with events recorded since {@code since} that have no tag rows yet. Tags are fixed when
     * a transaction is created, so a transaction's rows are written once. Parsing the stored JSON object is done
     * here rather than in SQL, which PostgreSQL and H2 do not share.
     */
    private static int addTags(Jdbc.Session session, OffsetDateTime since) throws SQLException {
        List<Object[]> rows = new ArrayList<>();
        String untagged = since == null ? ReportFactRows.UNTAGGED : ReportFactRows.UNTAGGED_SINCE;
        for (Object[] stored : session.list(untagged, rs -> new Object[] {rs.getObject(1, UUID.class), rs.getString(2)},
                since == null ? new Object[0] : new Object[] {since})) {
            UUID transaction = (UUID) stored[0];
            for (Map.Entry<String, String> tag : tags(transaction, (String) stored[1]).entrySet()) {
                rows.add(new Object[] {transaction, tag.getKey(), tag.getValue()});
            }
        }
        session.batch(ReportFactRows.ADD_TAGS, rows);
        return rows.size();
    }

    /** label -> value of a transaction's stored tags; empty (and a warning naming only the transaction) if unreadable. */
    static Map<String, String> tags(UUID transactionId, String json) {
        Map<String, String> tags = new LinkedHashMap<>();
        try (var reader = StrictJson.json().createReader(new StringReader(json))) {
            JsonObject object = reader.readObject();
            for (Map.Entry<String, JsonValue> tag : object.entrySet()) {
                if (tag.getKey().isBlank() || tag.getKey().length() > 50) {
                    continue;
                }
                String value = tag.getValue() instanceof JsonString s ? s.getString() : tag.getValue().toString();
                tags.put(tag.getKey(), value.length() > 200 ? value.substring(0, 200) : value);
            }
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Tags of transaction {0} are not a JSON object; the report shows it without tags",
                    transactionId);
        }
        return tags;
    }

    private static void saveState(Jdbc.Session session, OffsetDateTime watermark, OffsetDateTime ran, int added)
            throws SQLException {
        session.update(ReportFactRows.SAVE_STATE, watermark, ran, added, STATE);
    }

    /** When a sync last ran, on any instance; empty before the first (the business figures, {@code metrics}). */
    public Optional<Instant> lastRun() {
        return jdbc.first(ReportFactRows.LAST_RUN, row -> Optional.ofNullable(row.getTimestamp(1)))
                .flatMap(last -> last).map(Timestamp::toInstant); // MAX of no rows: null
    }

    /** A run the database refused; the message never carries row values. */
    static final class SyncFailed extends RuntimeException {
        final int errorCode;

        SyncFailed(SQLException cause) {
            super("Report sync failed (SQL state " + cause.getSQLState() + ")", cause);
            this.errorCode = cause.getErrorCode();
        }
    }
}
