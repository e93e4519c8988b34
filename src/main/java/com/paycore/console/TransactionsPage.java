package com.paycore.console;

import java.io.Serializable;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

import jakarta.annotation.PostConstruct;
import jakarta.faces.context.FacesContext;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;

import org.primefaces.model.FilterMeta;
import org.primefaces.model.LazyDataModel;
import org.primefaces.model.SortMeta;

import com.paycore.platform.data.Page;
import com.paycore.platform.input.Ids;
import com.paycore.project.ProjectService;
import com.paycore.transaction.TransactionRow;
import com.paycore.transaction.TransactionSearch;

/**
 * The transactions page: the recent transactions of the projects the user may read, newest first, or those matching
 * the search box (a project whose name contains the text, or an amount equal to it) and the filters (project, date
 * range in UTC days, status, the card's last four digits, amount range), a page at a time from the database
 * (PrimeFaces' lazy model: the table asks for limit and offset). The search and the filters are a GET form, so a
 * search is a bookmarkable address; a filter that cannot be read is said in words and lists nothing.
 */
@Named
@ViewScoped
public class TransactionsPage implements Serializable {

    private static final long serialVersionUID = 1L;

    @Inject
    TransactionSearch search;

    @Inject
    ProjectService projects;

    private String query;
    private Map<UUID, String> projectNames;
    private TransactionSearch.Scope scope;
    private Rows rows;
    private String project;
    private String from;
    private String to;
    private String status;
    private String last4;
    private String min;
    private String max;
    private final List<String> problems = new ArrayList<>();
    private boolean tooBroad;

    @PostConstruct
    void init() {
        Map<String, String> parameters = FacesContext.getCurrentInstance().getExternalContext().getRequestParameterMap();
        query = parameters.get("q");
        project = blankToNull(parameters.get("project"));
        from = blankToNull(parameters.get("from"));
        to = blankToNull(parameters.get("to"));
        status = blankToNull(parameters.get("status"));
        last4 = blankToNull(parameters.get("last4"));
        min = blankToNull(parameters.get("min"));
        max = blankToNull(parameters.get("max"));
        projectNames = projects.readableNames();
        LocalFormats formats = formats();
        TransactionSearch.Filter filter = filter(formats);
        List<UUID> listed = listedProjects();
        scope = problems.isEmpty() ? scope(listed, query == null ? "" : query.strip(), formats, filter)
                : new TransactionSearch.Scope(List.of(), Set.of(), null); // a filter in error lists nothing
        rows = new Rows();
    }

    /** The readable projects, or only the one the project filter names. */
    private List<UUID> listedProjects() {
        if (project == null) {
            return List.copyOf(projectNames.keySet());
        }
        try {
            UUID chosen = Ids.parse(project);
            if (projectNames.containsKey(chosen)) {
                return List.of(chosen);
            }
        } catch (IllegalArgumentException malformed) {
            // said below
        }
        problems.add("Project: choose one of the list.");
        return List.of();
    }

    /** The filters as typed; what cannot be read is a problem, said in words. */
    private TransactionSearch.Filter filter(LocalFormats formats) {
        LocalDate fromDay = day("From", from);
        LocalDate toDay = day("To", to);
        if (fromDay != null && toDay != null && fromDay.isAfter(toDay)) {
            problems.add("Dates: the first day comes after the last.");
        }
        if (status != null && !TransactionSearch.statuses().contains(status)) {
            problems.add("Status: one of " + String.join(", ", TransactionSearch.statuses()) + ".");
        }
        if (last4 != null && !last4.strip().matches("[0-9]{4}")) {
            problems.add("Last 4 digits: four digits, such as 4242.");
        }
        BigDecimal low = amount("Lowest amount", min, formats);
        BigDecimal high = amount("Highest amount", max, formats);
        if (low != null && high != null && low.compareTo(high) > 0) {
            problems.add("Amounts: the lowest is above the highest.");
        }
        return new TransactionSearch.Filter(fromDay == null ? null : fromDay.atStartOfDay().atOffset(ZoneOffset.UTC),
                toDay == null ? null : toDay.plusDays(1).atStartOfDay().atOffset(ZoneOffset.UTC), status,
                last4 == null ? null : last4.strip(), low, high);
    }

    private LocalDate day(String name, String text) {
        if (text == null) {
            return null;
        }
        try {
            return LocalDate.parse(text.strip());
        } catch (DateTimeParseException malformed) {
            problems.add(name + ": a date such as 2026-11-26.");
            return null;
        }
    }

    private BigDecimal amount(String name, String text, LocalFormats formats) {
        if (text == null) {
            return null;
        }
        Optional<BigDecimal> amount = formats.parseAmount(text);
        if (amount.isEmpty()) {
            problems.add(name + ": an amount such as " + formats.plainAmount(new BigDecimal("1234.50"), "USD") + ".");
        }
        return amount.orElse(null);
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value;
    }

    /** The whole projects whose name holds the text, and the amount the text reads as, if any. */
    private TransactionSearch.Scope scope(List<UUID> listed, String text, LocalFormats formats,
                                          TransactionSearch.Filter filter) {
        if (text.isEmpty()) {
            return new TransactionSearch.Scope(listed, Set.copyOf(listed), null, filter);
        }
        String wanted = text.toLowerCase(Locale.ROOT);
        Set<UUID> named = listed.stream()
                .filter(p -> projectNames.get(p) != null && projectNames.get(p).toLowerCase(Locale.ROOT).contains(wanted))
                .collect(Collectors.toSet());
        BigDecimal amount = formats.parseAmount(text).orElse(null);
        return new TransactionSearch.Scope(listed, named, amount, filter);
    }

    private static LocalFormats formats() {
        return new LocalFormats(FacesContext.getCurrentInstance().getExternalContext().getRequestLocale());
    }

    public String getQuery() {
        return query;
    }

    /** Whether anything narrows the list (the empty table then says nothing matches). */
    public boolean isFiltered() {
        return query != null && !query.isBlank() || project != null || from != null || to != null || status != null
                || last4 != null || min != null || max != null;
    }

    /** The search was cancelled after its time limit (an amount alone over millions of rows): said in words. */
    public boolean isTooBroad() {
        return tooBroad;
    }

    /** The filters that could not be read, in words. */
    public List<String> getProblems() {
        return problems;
    }

    /** The projects of the project filter, by name. */
    public List<Choice> getProjectChoices() {
        return projectNames.entrySet().stream()
                .map(p -> new Choice(p.getKey().toString(), p.getValue() == null ? p.getKey().toString() : p.getValue()))
                .sorted(Comparator.comparing(Choice::name, String.CASE_INSENSITIVE_ORDER)).toList();
    }

    /** A project of the project filter. */
    public record Choice(String id, String name) {
    }

    public List<String> getStatuses() {
        return TransactionSearch.statuses();
    }

    public String getProject() {
        return project;
    }

    public String getFrom() {
        return from;
    }

    public String getTo() {
        return to;
    }

    public String getStatus() {
        return status;
    }

    public String getLast4() {
        return last4;
    }

    public String getMin() {
        return min;
    }

    public String getMax() {
        return max;
    }

    public LazyDataModel<ListedTransaction> getRows() {
        return rows;
    }

    public int getCountLimit() {
        return TransactionSearch.COUNT_LIMIT;
    }

    /** More rows than the count goes to: the paginator then says "more than". */
    public boolean isCountCapped() {
        return rows.getRowCount() > TransactionSearch.COUNT_LIMIT;
    }

    private ListedTransaction listed(TransactionRow row, LocalFormats formats) {
        return new ListedTransaction(row.id(), formats.dateTime(row.createdDate()), projectNames.get(row.projectId()),
                formats.amount(row.amount(), row.currency()), row.status(),
                (row.ccType() == null ? "" : row.ccType() + " ") + row.maskedCardNumber());
    }

    /** The table's rows, read a page at a time through the transaction service. */
    final class Rows extends LazyDataModel<ListedTransaction> {

        private static final long serialVersionUID = 1L;

        @Override
        public int count(Map<String, FilterMeta> filterBy) {
            try {
                return search.count(scope);
            } catch (TransactionSearch.TooBroad cancelled) {
                tooBroad = true;
                return 0;
            }
        }

        @Override
        public List<ListedTransaction> load(int first, int pageSize, Map<String, SortMeta> sortBy,
                                            Map<String, FilterMeta> filterBy) {
            LocalFormats formats = formats();
            try {
                return search.recent(scope, Page.within(pageSize, first)).stream()
                        .map(row -> listed(row, formats)).toList();
            } catch (TransactionSearch.TooBroad cancelled) {
                tooBroad = true;
                return List.of();
            }
        }

        @Override
        public String getRowKey(ListedTransaction row) {
            return row.id().toString();
        }

        @Override
        public ListedTransaction getRowData(String rowKey) {
            return null; // rows are opened by their link, never selected
        }
    }
}
