package com.paycore.transaction;

import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Supplier;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import com.paycore.access.ProjectAccess;
import com.paycore.platform.data.Jdbc;
import com.paycore.platform.data.Page;
import com.paycore.platform.web.AppException;

/**
 * The console's reads of transactions for a signed-in user: recent transactions of the projects the caller may read
 * (as the reports read them: platform administrators every project, company Admins their companies', company Users
 * those assigned to them), and one transaction with its events. The caller's projects are checked here, whatever the
 * console asks: a project the caller may not read is left out, a transaction of one is not found.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.SUPPORTS)
public class TransactionSearch {

    /** Past this many matching transactions the count stops: counting all of 10 million rows is not worth a page. */
    public static final int COUNT_LIMIT = 10_000;
    /**
     * Seconds a search's statement may run before the database cancels it: a filter that no index leads with (an
     * amount alone) over a project of millions of rows would otherwise read them all.
     */
    static final int SEARCH_SECONDS = 2;

    /** A search cancelled after {@link #SEARCH_SECONDS}: it reads too much; a date range or the card's last four narrow it. */
    public static final class TooBroad extends RuntimeException {
        private static final long serialVersionUID = 1L;

        TooBroad() {
            super("search cancelled after " + SEARCH_SECONDS + " s", null, false, false);
        }
    }

    @Inject
    ProjectAccess access;

    @Inject
    TransactionReads reads;

    @Inject
    Jdbc jdbc;

    /** Created-at bounds when the console gives none (PostgreSQL's walks always bound the index on them). */
    private static final OffsetDateTime EARLIEST = OffsetDateTime.of(1900, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC);
    private static final OffsetDateTime LATEST = OffsetDateTime.of(9999, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC);

    /**
     * What to list: transactions of the projects in {@code projects}; all of those in {@code whole}, and of the others
     * only those of {@code amount} (none when it is null); then only those the filter keeps.
     */
    public record Scope(List<UUID> projects, Set<UUID> whole, BigDecimal amount, Filter filter) {

        public Scope {
            projects = List.copyOf(projects);
            whole = Set.copyOf(whole);
            filter = filter == null ? Filter.NONE : filter;
        }

        public Scope(List<UUID> projects, Set<UUID> whole, BigDecimal amount) {
            this(projects, whole, amount, Filter.NONE);
        }
    }

    /**
     * The console's filters, each optional (null): created at or after {@code from} and before {@code to}, in a status
     * (one of {@link #statuses()}), of a card ending in {@code last4}, an amount from {@code min} to {@code max}.
     */
    public record Filter(OffsetDateTime from, OffsetDateTime to, String status, String last4, BigDecimal min,
                         BigDecimal max) {

        public static final Filter NONE = new Filter(null, null, null, null, null, null);
    }

    /** The statuses a transaction can be in, for the status filter. */
    public static List<String> statuses() {
        return Arrays.stream(TransactionStatus.values()).map(Enum::name).toList();
    }

    /**
     * The scope's transactions, newest first, of the projects the caller may read. On PostgreSQL each project is
     * walked down the index its filter leads with: the card's last four digits, else the status, else the date alone
     * (docs/DECISIONS.md, "Console: transaction actions and search").
     */
    public List<TransactionRow> recent(Scope scope, Page page) {
        List<UUID> projects = readable(scope.projects());
        if (projects.isEmpty()) {
            return List.of();
        }
        return bounded(() -> jdbc.session(db -> {
            db.within(SEARCH_SECONDS);
            if (db.postgres()) {
                Walk walk = walk(scope.filter());
                return db.list(walk.recent(), TransactionSearch::row, walkParameters(scope, projects, walk,
                        page.offset() + page.limit(), page.limit(), page.offset()));
            }
            return db.list(CardTransactionRows.RECENT, TransactionSearch::row,
                    portableParameters(scope, projects, page.limit(), page.offset()));
        }));
    }

    /** How many transactions {@link #recent} would list, at most {@link #COUNT_LIMIT} + 1 (more than the limit). */
    public int count(Scope scope) {
        List<UUID> projects = readable(scope.projects());
        if (projects.isEmpty()) {
            return 0;
        }
        return bounded(() -> jdbc.session(db -> {
            db.within(SEARCH_SECONDS);
            if (db.postgres()) {
                Walk walk = walk(scope.filter());
                return db.first(walk.count(), row -> row.getInt(1),
                        walkParameters(scope, projects, walk, COUNT_LIMIT + 1, COUNT_LIMIT + 1)).orElse(0);
            }
            return db.first(CardTransactionRows.COUNT_RECENT, row -> row.getInt(1),
                    portableParameters(scope, projects, COUNT_LIMIT + 1)).orElse(0);
        }));
    }

    private static <T> T bounded(Supplier<T> search) {
        try {
            return search.get();
        } catch (IllegalStateException failure) {
            if (Jdbc.cancelled(failure)) {
                throw new TooBroad();
            }
            throw failure;
        }
    }

    /** A PostgreSQL walk: its listing, its count, and the value its index leads with (none for the date walk). */
    private record Walk(String recent, String count, String leading) {
    }

    private static Walk walk(Filter filter) {
        if (filter.last4() != null) {
            return new Walk(CardTransactionRows.RECENT_BY_LAST4_POSTGRES, CardTransactionRows.COUNT_BY_LAST4_POSTGRES,
                    filter.last4());
        }
        if (filter.status() != null) {
            return new Walk(CardTransactionRows.RECENT_BY_STATUS_POSTGRES, CardTransactionRows.COUNT_BY_STATUS_POSTGRES,
                    filter.status());
        }
        return new Walk(CardTransactionRows.RECENT_POSTGRES, CardTransactionRows.COUNT_POSTGRES, null);
    }

    private static Object[] walkParameters(Scope scope, List<UUID> projects, Walk walk, Object... tail) {
        List<Object> parameters = new ArrayList<>();
        parameters.add(ids(projects));
        parameters.add(projects.stream().map(scope.whole()::contains).toArray(Boolean[]::new));
        if (walk.leading() != null) {
            parameters.add(walk.leading());
        }
        Filter f = scope.filter();
        parameters.addAll(Arrays.asList(from(f), to(f), scope.amount()));
        parameters.addAll(optional(f));
        parameters.addAll(Arrays.asList(tail));
        return parameters.toArray();
    }

    private static Object[] portableParameters(Scope scope, List<UUID> projects, Object... tail) {
        List<Object> parameters = new ArrayList<>();
        Filter f = scope.filter();
        parameters.addAll(Arrays.asList(ids(projects), from(f), to(f), wholeIds(scope, projects), scope.amount()));
        parameters.addAll(optional(f));
        parameters.addAll(Arrays.asList(tail));
        return parameters.toArray();
    }

    /** The four optional filters, each as "null for none" and its value. */
    private static List<Object> optional(Filter f) {
        return Arrays.asList(f.status(), f.status(), f.last4(), f.last4(), f.min(), f.min(), f.max(), f.max());
    }

    private static OffsetDateTime from(Filter f) {
        return f.from() == null ? EARLIEST : f.from();
    }

    private static OffsetDateTime to(Filter f) {
        return f.to() == null ? LATEST : f.to();
    }

    /**
     * The authorizations of the given projects the caller may read created in [{@code from}, {@code until}), per hour
     * (UTC) and currency: the console's overview. One range of the (project, created_at) index per project.
     */
    public List<AuthorizationHour> authorizationsByHour(Collection<UUID> within, OffsetDateTime from, OffsetDateTime until) {
        List<UUID> projects = readable(within);
        if (projects.isEmpty()) {
            return List.of();
        }
        return jdbc.list(CardTransactionRows.AUTHORIZATIONS_BY_HOUR, TransactionSearch::hour, ids(projects), from, until);
    }

    /**
     * A transaction with its events, when the caller may read its project; empty for an unknown one and for one of a
     * project the caller may not read (the same answer: nothing tells them apart).
     */
    public Optional<Opened> find(UUID id) {
        return reads.byId(id).filter(found -> mayRead(found.projectId()))
                .map(found -> new Opened(found.projectId(), found.view(), found.version()));
    }

    /**
     * A transaction found for the caller, with its project and its row's version (what the console's moves send back,
     * {@link TransactionService#captureAsAdmin}).
     */
    public record Opened(UUID projectId, TransactionView transaction, long version) {
    }

    private boolean mayRead(UUID projectId) {
        try {
            access.asReader(projectId);
            return true;
        } catch (AppException refused) {
            return false;
        }
    }

    /** The given projects the caller may read, in the given order. */
    private List<UUID> readable(Collection<UUID> projects) {
        List<UUID> visible = access.visibleProjects();
        List<UUID> kept = new ArrayList<>(projects);
        if (visible != null) {
            kept.retainAll(Set.copyOf(visible));
        }
        return kept;
    }

    private static UUID[] ids(List<UUID> projects) {
        return projects.toArray(UUID[]::new);
    }

    private static UUID[] wholeIds(Scope scope, List<UUID> projects) {
        return projects.stream().filter(scope.whole()::contains).toArray(UUID[]::new);
    }

    private static AuthorizationHour hour(ResultSet row) throws SQLException {
        String currency = row.getString(2);
        return new AuthorizationHour(OffsetDateTime.ofInstant(Instant.ofEpochSecond(row.getLong(1) * 3600), ZoneOffset.UTC),
                currency, row.getLong(3), row.getLong(4), row.getLong(5), MoneyRules.scaled(row.getBigDecimal(6), currency));
    }

    private static TransactionRow row(ResultSet row) throws SQLException {
        String currency = row.getString(4);
        return new TransactionRow(Jdbc.uuid(row, 1), Jdbc.uuid(row, 2), MoneyRules.scaled(row.getBigDecimal(3), currency),
                currency, row.getString(5), row.getString(6), row.getString(7), Jdbc.utc(row, 8));
    }
}
