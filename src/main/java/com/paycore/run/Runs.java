package com.paycore.run;

import java.io.StringReader;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.logging.Level;
import java.util.logging.Logger;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Priority;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.context.control.RequestContextController;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

import com.paycore.access.Caller;
import com.paycore.access.CompanyAccess;
import com.paycore.platform.data.UniqueViolations;
import com.paycore.platform.input.Ids;
import com.paycore.platform.input.Times;
import com.paycore.platform.runtime.Schedules;
import com.paycore.platform.runtime.Settings;
import com.paycore.platform.runtime.StartupOrder;
import com.paycore.platform.web.AppException;
import com.paycore.platform.web.Envelope;
import com.paycore.platform.web.ErrorCode;
import com.paycore.platform.web.StrictJson;

/**
 * Long runs asked for over HTTP. {@link #start} writes the run ({@code Running}, with a lease) and hands its work to
 * the server's default {@link ManagedExecutorService} on this instance, answering 202 with the run's id and
 * {@code Location} at once; the work reports its items through {@link Progress} (each report renews the lease), and
 * its figures become the run's outcome. Any instance answers {@code GET /api/adm/runs/{id}} from the table.
 * <p>
 * One run of a kind (and company, for the card updater) at a time across the instances: a second request while one
 * runs answers 409 naming it (the table's unique running key decides, so two instances cannot both start one).
 * <p>
 * A run whose instance dies (kill -9, crash) stops renewing its lease ({@code payments.runs.lease-seconds}, default
 * 60; renewed every third of it by a heartbeat on the instance while the work goes on, and at every progress report):
 * once the lease has run out the run is marked {@code Failed} ("interrupted") by the next read of it, the next
 * request of its kind, or the sweep every instance runs with the heartbeat. The work of every kind is idempotent per
 * item and commits in batches, so a new request does what the interrupted run left.
 */
@ApplicationScoped
public class Runs {

    private static final Logger LOG = Logger.getLogger(Runs.class.getName());
    static final String LEASE_SETTING = "payments.runs.lease-seconds";
    static final String INSTANCE = ManagementFactory.getRuntimeMXBean().getName();

    /** What a 202 answer carries: the run's id, its kind and state. */
    public record Started(
            @Schema(description = Envelope.CREATED_ID, required = true) UUID id,
            @Schema(description = "Settlement, TokenRotation, CardUpdater or ReportSync")
            String kind,
            @Schema(description = "Running: follow it at the Location URL (GET /api/adm/runs/{id})")
            String state) implements Envelope.Identified {
    }

    /**
     * The work of a run: reports its items, answers its figures (the outcome: a record, written as the JSON object of
     * its components), throws when it fails.
     */
    @FunctionalInterface
    public interface Work {
        Record run(Progress progress);
    }

    /** What the work reports as it goes: each report is written at once and renews the run's lease. */
    public interface Progress {

        /** For the same work run outside a run (the schedules): reports go nowhere. */
        Progress UNTRACKED = new Progress() {
            @Override
            public void total(long items) {
            }

            @Override
            public void done(long items) {
            }
        };

        /** How many items the run has to do, once known. */
        void total(long items);

        /** {@code items} more are done. */
        void done(long items);
    }

    @Resource(lookup = "java:comp/DefaultManagedExecutorService")
    ManagedExecutorService executor;

    @Inject
    RunStore store;

    @Inject
    Caller caller;

    @Inject
    CompanyAccess access;

    @Inject
    Instance<RequestContextController> requestContexts;

    @Inject
    Schedules schedules;

    @Inject
    Clock clock;

    @Inject
    @ConfigProperty(name = LEASE_SETTING)
    Optional<String> leaseSetting;

    private Duration lease;

    /** The runs this instance is working on: the heartbeat renews their leases. */
    private final Set<UUID> working = ConcurrentHashMap.newKeySet();

    @PostConstruct
    void readLease() {
        lease = lease(leaseSetting.orElse(null));
    }

    static Duration lease(String value) {
        return Duration.ofSeconds(Math.max(5, Settings.wholeOrOff(LEASE_SETTING, value, 60)));
    }

    void heartbeat(@Observes @Priority(StartupOrder.SCHEDULES) @Initialized(ApplicationScoped.class) Object started) {
        schedules.withFixedDelay("runs-heartbeat", lease.dividedBy(3), this::beat);
    }

    /** Renews the leases of this instance's runs in progress and ends those whose instance is gone. */
    void beat() {
        OffsetDateTime now = now();
        store.renew(List.copyOf(working), now, now.plus(lease));
        int interrupted = store.sweep(now);
        if (interrupted > 0) {
            LOG.warning(() -> interrupted + " run(s) lost their instance and were marked Failed (interrupted)");
        }
    }

    /**
     * What a request to start a run came to: {@code started}, the new run's id; else the id of the run of that kind
     * (and company) still running, which the request did not join.
     */
    public record Begun(UUID id, String kind, boolean started) {
    }

    /**
     * Starts a run of {@code kind} for the caller (who must already have been authorized for it) and answers 202 with
     * its id and {@code Location}, or 409 naming the run of that kind (and company) still running. The work runs on
     * this instance, in a request context of its own where the caller is the requester (so its audit rows name them).
     */
    public Response start(String kind, UUID companyId, UriInfo uri, Work work) {
        Begun begun = begin(kind, companyId, work);
        if (!begun.started()) {
            return conflict(kind, begun.id(), uri);
        }
        return Response.accepted(Envelope.ok(new Started(begun.id(), kind, Run.State.Running.name())))
                .location(location(uri, begun.id())).build();
    }

    /**
     * As {@link #start}, answered as a value rather than HTTP (the console's pages start runs through it): the run
     * started, or the one of its kind (and company) still running.
     */
    public Begun begin(String kind, UUID companyId, Work work) {
        UUID requester = caller.userId();
        String email = caller.email();
        boolean platformAdmin = caller.platformAdmin();
        Set<UUID> scope = caller.companyScope();
        String key = companyId == null ? kind : kind + ":" + companyId;
        UUID id = Ids.newId();
        for (int attempt = 1; ; attempt++) {
            OffsetDateTime now = now();
            store.sweep(now); // a run that lost its instance holds nothing
            try {
                store.insert(id, kind, companyId, requester, key, INSTANCE, now, now.plus(lease));
                break;
            } catch (RuntimeException e) {
                if (!UniqueViolations.isUniqueViolation(e)) {
                    throw e;
                }
                Optional<UUID> running = store.holder(key);
                if (running.isPresent()) {
                    return new Begun(running.get(), kind, false);
                }
                if (attempt == 3) {
                    throw e;
                }
                // It ended between the insert and the read: try again.
            }
        }
        working.add(id);
        try {
            executor.submit(() -> execute(id, kind, requester, email, platformAdmin, scope, work));
        } catch (RejectedExecutionException e) {
            working.remove(id);
            store.finish(id, false, null, "not started: the instance is stopping; ask again", now());
            throw new AppException(ErrorCode.CONFLICT, "The instance is stopping; ask again");
        }
        LOG.info(() -> kind + " run " + id + " started");
        return new Begun(id, kind, true);
    }

    /**
     * A run that follows work any instance may resume (a card file): written Running under {@code id} unless it exists
     * (the work calls this again when it resumes), left alone by the sweep, and ended only by {@link #end}. Its
     * progress comes through {@link #advance}. {@code requester} is null for work asked for with an API key.
     */
    public void track(UUID id, String kind, UUID companyId, UUID requester) {
        store.insertResumable(id, kind, companyId, requester, INSTANCE, now());
    }

    /** Progress of a tracked run: the total when known (null leaves it) and the items done so far. */
    public void advance(UUID id, Long total, long done) {
        OffsetDateTime now = now();
        store.progress(id, total, done, now, now);
    }

    /** The end of a tracked run: Succeeded with its outcome, or Failed with a reason safe for clients. */
    public void end(UUID id, Record outcome, String failure) {
        store.finish(id, failure == null, failure == null ? StrictJson.jsonb().toJson(outcome) : null, clip(failure),
                now());
    }

    private Response conflict(String kind, UUID running, UriInfo uri) {
        return Response.status(Response.Status.CONFLICT).location(location(uri, running))
                .entity(Envelope.error(409, "A " + kind + " run is already running: " + running
                        + " (GET /api/adm/runs/" + running + "); ask again when it has finished"))
                .build();
    }

    private static URI location(UriInfo uri, UUID id) {
        return uri.getBaseUriBuilder().path("adm/runs").path(id.toString()).build();
    }

    private void execute(UUID id, String kind, UUID requester, String email, boolean platformAdmin,
                         Set<UUID> scope, Work work) {
        RequestContextController context = requestContexts.get();
        context.activate();
        Tracker progress = new Tracker(id);
        try {
            caller.authenticate(requester, email, platformAdmin, scope);
            Record outcome = store.perform(work, progress);
            if (store.finish(id, true, StrictJson.jsonb().toJson(outcome), null, now()) == 0) {
                LOG.warning(() -> kind + " run " + id + " ended after it had been marked interrupted");
            } else {
                LOG.info(() -> kind + " run " + id + " succeeded: " + outcome);
            }
        } catch (RuntimeException | Error e) {
            String message = e instanceof AppException known ? known.getMessage()
                    : "failed: unexpected error; the work it did is kept, ask again (quote run id " + id + ")";
            LOG.log(Level.SEVERE, kind + " run " + id + " failed", e);
            try {
                store.finish(id, false, null, clip(message), now());
            } catch (RuntimeException unrecorded) {
                // The database is away: the lease runs out and the sweep marks the run interrupted.
                LOG.log(Level.WARNING, kind + " run " + id + ": its failure could not be recorded", unrecorded);
            }
        } finally {
            working.remove(id);
            context.deactivate();
            requestContexts.destroy(context);
        }
    }

    private static String clip(String message) {
        return message == null || message.length() <= 300 ? message : message.substring(0, 297) + "...";
    }

    /** Writes each report at once; when the run is no longer Running (marked interrupted meanwhile) the work stops. */
    private final class Tracker implements Progress {

        private final UUID id;
        private Long total;
        private long done;

        Tracker(UUID id) {
            this.id = id;
        }

        @Override
        public void total(long items) {
            total = items;
            write();
        }

        @Override
        public void done(long items) {
            done += items;
            write();
        }

        private void write() {
            OffsetDateTime now = now();
            if (store.progress(id, total, done, now, now.plus(lease)) == 0) {
                throw new IllegalStateException("run " + id + " is no longer running (marked interrupted)");
            }
        }
    }

    /**
     * A run as {@code GET /api/adm/runs/{id}} shows it. Platform administrators see every run; a company Admin the card
     * updater runs of the companies they administer (any other id answers 404, as a missing one); anyone else 403, as
     * for starting one. A Running run whose lease ran out is marked interrupted first.
     */
    RunView view(UUID id) {
        List<UUID> administered = caller.platformAdmin() ? null : access.administeredCompanies();
        Run run = store.find(id)
                .filter(r -> administered == null || (r.companyId() != null && administered.contains(r.companyId())))
                .orElseThrow(() -> AppException.notFound("Run"));
        OffsetDateTime now = now();
        if (Run.State.Running.name().equals(run.state()) && run.leaseUntil().isBefore(now) && store.sweep(now) > 0) {
            run = store.find(id).orElseThrow(() -> AppException.notFound("Run"));
        }
        return RunView.of(run, run.outcome() == null ? null
                : StrictJson.json().createReader(new StringReader(run.outcome())).readObject());
    }

    /**
     * The newest runs the caller may see, newest first (the console's runs page): every run for platform
     * administrators, the card updater runs of their companies for company Admins, 403 for anyone else, exactly as
     * {@link #view} decides for one run. Runs whose lease ran out are marked interrupted first.
     */
    public List<RunView> recent(int limit) {
        List<UUID> administered = caller.platformAdmin() ? null : access.administeredCompanies();
        int shown = Math.max(1, Math.min(limit, 1000));
        List<Run> found = store.recent(administered, shown);
        OffsetDateTime now = now();
        if (found.stream().anyMatch(r -> Run.State.Running.name().equals(r.state()) && r.leaseUntil().isBefore(now))
                && store.sweep(now) > 0) {
            found = store.recent(administered, shown);
        }
        return found.stream()
                .map(run -> RunView.of(run, run.outcome() == null ? null
                        : StrictJson.json().createReader(new StringReader(run.outcome())).readObject()))
                .toList();
    }

    /**
     * The runs in progress the caller may read, as {@code GET /api/adm/runs/{id}} lets them (platform administrators
     * every run, a company Admin the card updater runs of the companies they administer), oldest first, at most 100;
     * empty for a caller who may read no run (anyone else). A run whose lease ran out lost its instance and is left
     * out (the heartbeat's sweep marks it interrupted): read only, this page view writes nothing.
     */
    public Optional<List<RunView>> running() {
        List<UUID> administered = null;
        if (!caller.platformAdmin()) {
            administered = access.memberships().adminCompanies();
            if (administered.isEmpty()) {
                return Optional.empty();
            }
        }
        OffsetDateTime now = now();
        return Optional.of(store.running(administered).stream().filter(run -> !run.leaseUntil().isBefore(now))
                .map(run -> RunView.of(run, null)).toList());
    }

    private OffsetDateTime now() {
        return Times.utc(clock.instant());
    }
}
