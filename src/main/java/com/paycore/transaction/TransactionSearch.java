package com.paycore.transaction;

import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

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

    @Inject
    ProjectAccess access;

    @Inject
    TransactionReads reads;

    @Inject
    Jdbc jdbc;

    /**
     * What to list: transactions of the projects in {@code projects}; all of those in {@code whole}, and of the others
     * only those of {@code amount} (none when it is null).
     */
    public record Scope(List<UUID> projects, Set<UUID> whole, BigDecimal amount) {

        public Scope {
            projects = List.copyOf(projects);
            whole = Set.copyOf(whole);
        }
    }

    /** The scope's transactions, newest first, of the projects the caller may read. */
    public List<TransactionRow> recent(Scope scope, Page page) {
        List<UUID> projects = readable(scope.projects());
        if (projects.isEmpty()) {
            return List.of();
        }
        return jdbc.session(db -> {
            if (db.postgres()) {
                Boolean[] whole = projects.stream().map(scope.whole()::contains).toArray(Boolean[]::new);
                return db.list(CardTransactionRows.RECENT_POSTGRES, TransactionSearch::row, ids(projects), whole,
                        scope.amount(), page.offset() + page.limit(), page.limit(), page.offset());
            }
            return db.list(CardTransactionRows.RECENT, TransactionSearch::row, ids(projects), wholeIds(scope, projects),
                    scope.amount(), page.limit(), page.offset());
        });
    }

    /** How many transactions {@link #recent} would list, at most {@link #COUNT_LIMIT} + 1 (more than the limit). */
    public int count(Scope scope) {
        List<UUID> projects = readable(scope.projects());
        if (projects.isEmpty()) {
            return 0;
        }
        return jdbc.first(CardTransactionRows.COUNT_RECENT, row -> row.getInt(1), ids(projects),
                wholeIds(scope, projects), scope.amount(), COUNT_LIMIT + 1).orElse(0);
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
                .map(found -> new Opened(found.projectId(), found.view()));
    }

    /** A transaction found for the caller, with its project. */
    public record Opened(UUID projectId, TransactionView transaction) {
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
                currency, row.getLong(3), row.getLong(4), row.getLong(5), Money.scaled(row.getBigDecimal(6), currency));
    }

    private static TransactionRow row(ResultSet row) throws SQLException {
        String currency = row.getString(4);
        return new TransactionRow(Jdbc.uuid(row, 1), Jdbc.uuid(row, 2), Money.scaled(row.getBigDecimal(3), currency),
                currency, row.getString(5), row.getString(6), row.getString(7), Jdbc.utc(row, 8));
    }
}
