package com.paycore.cardupdater;

import java.time.Clock;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.logging.Logger;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

import com.paycore.access.Caller;
import com.paycore.access.CompanyAccess;
import com.paycore.audit.AuditLog;
import com.paycore.company.CompanyService;
import com.paycore.platform.input.Ids;
import com.paycore.platform.input.Times;
import com.paycore.processor.CardData;
import com.paycore.processor.GatewayConnection;
import com.paycore.processor.PaymentGateway;
import com.paycore.project.ProjectService;
import com.paycore.run.Runs;
import com.paycore.vault.AccountUpdates;

/**
 * Runs the card account updater over one company: every active token of its projects that have an active processor
 * is asked about, through that project's gateway, at most once per calendar month (UTC), and what the answer changes
 * is applied to the token and recorded as a {@link CardUpdate} in the same database transaction.
 * <p>
 * Tokens go in batches of {@link #BATCH}, each batch its own database transaction, each token under its row lock and
 * read again after locking. Runs on several instances at once (the monthly schedule fires on each) therefore ask
 * about and update every token once: the second run finds the token already asked this month and skips it. A crash
 * loses at most one batch's work; the next run picks up the tokens not asked yet.
 */
@ApplicationScoped
class CardUpdaterService {

    static final int BATCH = 50;
    static final String KIND = "CardUpdater";
    private static final Logger LOG = Logger.getLogger(CardUpdaterService.class.getName());

    @PersistenceContext(unitName = "payments")
    EntityManager em;

    @Inject
    CardUpdaterService self;

    @Inject
    CompanyAccess access;

    @Inject
    CompanyService companies;

    @Inject
    ProjectService projects;

    @Inject
    AccountUpdates tokens;

    @Inject
    AuditLog audit;

    @Inject
    Caller caller;

    @Inject
    Clock clock;

    @Inject
    Runs runs;

    /**
     * A run asked for by a platform administrator or an active Admin of the company (404 unknown, 403 User), as a long
     * run (202 at once, see {@link Runs}); its outcome is the finished updater run.
     */
    Response start(UUID companyId, UriInfo uri) {
        UUID company = access.asAdmin(companyId);
        UUID actor = caller.userId();
        return runs.start(KIND, company, uri, progress -> run(company, UpdaterRun.Trigger.Manual, actor, progress));
    }

    /** The monthly run: every active company, one after the other; a company that fails does not stop the others. */
    @Transactional(Transactional.TxType.NOT_SUPPORTED)
    public List<UpdaterRunView> runScheduled() {
        List<UpdaterRunView> runs = new ArrayList<>();
        for (UUID companyId : companies.activeIds()) {
            try {
                runs.add(run(companyId, UpdaterRun.Trigger.Scheduled, null, Runs.Progress.UNTRACKED));
            } catch (RuntimeException e) {
                LOG.warning(() -> "Card updater: the run of company " + companyId + " failed ("
                        + e.getClass().getSimpleName() + "); the next run asks about the tokens it left");
            }
        }
        return runs;
    }

    UpdaterRunView run(UUID companyId, UpdaterRun.Trigger trigger, UUID actor, Runs.Progress progress) {
        OffsetDateTime started = now();
        OffsetDateTime period = periodStart(started);
        UUID runId = self.start(companyId, trigger, actor, started);
        Map<UUID, Issuer> issuers = issuersOf(companyId);
        List<UUID> projectIds = List.copyOf(issuers.keySet());
        progress.total(tokens.dueCount(projectIds, period));
        RunCounts total = RunCounts.ZERO;
        UUID after = Ids.NONE;
        List<UUID> due;
        while (!(due = tokens.due(projectIds, period, after, BATCH)).isEmpty()) {
            total = total.plus(self.batch(runId, companyId, due, issuers, period));
            after = due.get(due.size() - 1);
            progress.done(due.size());
        }
        UpdaterRunView run = self.finish(runId, total, now());
        audit.record("CardUpdaterRun", companyId, "CardUpdaterRun", runId, trigger + ": " + total);
        return run;
    }

    /** The start of the calendar month (UTC) of a moment: a token asked since then is not asked again. */
    static OffsetDateTime periodStart(OffsetDateTime at) {
        return at.withOffsetSameInstant(ZoneOffset.UTC).withDayOfMonth(1).truncatedTo(ChronoUnit.DAYS);
    }

    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public UUID start(UUID companyId, UpdaterRun.Trigger trigger, UUID actor, OffsetDateTime started) {
        UpdaterRun run = new UpdaterRun(companyId, trigger, actor, started);
        em.persist(run);
        return run.id();
    }

    /** One batch of tokens, in its own database transaction. */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public RunCounts batch(UUID runId, UUID companyId, List<UUID> ids, Map<UUID, Issuer> issuers, OffsetDateTime period) {
        RunCounts counts = RunCounts.ZERO;
        for (UUID id : ids) {
            OffsetDateTime now = now();
            AccountUpdates.Result result = tokens.ask(id, companyId, period, now, (projectId, card) -> ask(issuers, projectId, card));
            if (result.outcome() == AccountUpdates.Outcome.Updated) {
                em.persist(new CardUpdate(runId, companyId, result.projectId(), result.tokenId(),
                        UpdateType.valueOf(result.kind().name()), result.oldLast4(), result.newLast4(),
                        result.oldExpiry(), result.newExpiry(), now));
            } else if (result.outcome() == AccountUpdates.Outcome.Failed) {
                LOG.warning(() -> "Card updater: token " + id + " left unchanged: " + result.failure());
            }
            counts = counts.plus(result);
        }
        return counts;
    }

    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public UpdaterRunView finish(UUID runId, RunCounts counts, OffsetDateTime at) {
        UpdaterRun run = em.find(UpdaterRun.class, runId);
        run.finish(counts, at);
        return UpdaterRunView.from(run);
    }

    /** The gateway and connection of a project with an active processor (its current merchant credentials). */
    public record Issuer(PaymentGateway gateway, GatewayConnection connection) {
    }

    private Map<UUID, Issuer> issuersOf(UUID companyId) {
        Map<UUID, Issuer> issuers = new HashMap<>();
        projects.activeRoutesOf(companyId)
                .forEach((projectId, route) -> issuers.put(projectId, new Issuer(route.gateway(), route.connection())));
        return issuers;
    }

    private static PaymentGateway.AccountUpdate ask(Map<UUID, Issuer> issuers, UUID projectId, CardData card) {
        Issuer issuer = issuers.get(projectId);
        if (issuer == null) {
            throw new IllegalStateException("no active processor");
        }
        return issuer.gateway().accountUpdate(card, issuer.connection());
    }

    private OffsetDateTime now() {
        return Times.utc(clock.instant());
    }

}
