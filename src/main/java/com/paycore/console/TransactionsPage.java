package com.paycore.console;

import java.io.Serializable;
import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import java.util.Map;
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
import com.paycore.project.ProjectService;
import com.paycore.transaction.TransactionRow;
import com.paycore.transaction.TransactionSearch;

/**
 * The transactions page: the recent transactions of the projects the user may read, newest first, or those matching
 * the search box (a project whose name contains the text, or an amount equal to it), a page at a time from the
 * database (PrimeFaces' lazy model: the table asks for limit and offset).
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

    @PostConstruct
    void init() {
        query = FacesContext.getCurrentInstance().getExternalContext().getRequestParameterMap().get("q");
        projectNames = projects.readableNames();
        scope = scope(query == null ? "" : query.strip(), formats());
        rows = new Rows();
    }

    /** The whole projects whose name holds the text, and the amount the text reads as, if any. */
    private TransactionSearch.Scope scope(String text, LocalFormats formats) {
        List<UUID> all = List.copyOf(projectNames.keySet());
        if (text.isEmpty()) {
            return new TransactionSearch.Scope(all, Set.copyOf(all), null);
        }
        String wanted = text.toLowerCase(Locale.ROOT);
        Set<UUID> named = projectNames.entrySet().stream()
                .filter(p -> p.getValue() != null && p.getValue().toLowerCase(Locale.ROOT).contains(wanted))
                .map(Map.Entry::getKey).collect(Collectors.toSet());
        BigDecimal amount = formats.parseAmount(text).orElse(null);
        return new TransactionSearch.Scope(all, named, amount);
    }

    private static LocalFormats formats() {
        return new LocalFormats(FacesContext.getCurrentInstance().getExternalContext().getRequestLocale());
    }

    public String getQuery() {
        return query;
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
            return search.count(scope);
        }

        @Override
        public List<ListedTransaction> load(int first, int pageSize, Map<String, SortMeta> sortBy,
                                            Map<String, FilterMeta> filterBy) {
            LocalFormats formats = formats();
            int limit = Math.max(1, Math.min(pageSize, Page.MAX_LIMIT));
            return search.recent(scope, new Page(limit, Math.max(0, first))).stream()
                    .map(row -> listed(row, formats)).toList();
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
