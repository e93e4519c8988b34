package com.paycore.console;

import java.util.List;
import java.util.Optional;
import java.util.UUID;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.RequestScoped;
import jakarta.faces.context.ExternalContext;
import jakarta.faces.context.FacesContext;
import jakarta.inject.Inject;
import jakarta.inject.Named;

import com.paycore.platform.input.Ids;
import com.paycore.project.ProjectService;
import com.paycore.transaction.TransactionSearch;
import com.paycore.transaction.TransactionView;

/**
 * One transaction at {@code /console/transactions/{id}}: its amounts, its masked card and its events in order. An
 * unknown id, a malformed one and one of a project the user may not read all answer the same 404 page.
 */
@Named
@RequestScoped
public class TransactionPage {

    /** The request attribute {@link ConsoleGate} puts the address's id in. */
    static final String ID_ATTRIBUTE = "com.paycore.console.transactionId";

    @Inject
    TransactionSearch search;

    @Inject
    ProjectService projects;

    private TransactionView transaction;
    private String project;
    private LocalFormats formats;

    /** One event of the timeline, formatted. */
    public record Step(String date, String type, String result, String resultCode, String amount) {
    }

    @PostConstruct
    void load() {
        ExternalContext external = FacesContext.getCurrentInstance().getExternalContext();
        formats = new LocalFormats(external.getRequestLocale());
        Optional<TransactionSearch.Opened> opened = id(external.getRequestMap().get(ID_ATTRIBUTE)).flatMap(search::find);
        if (opened.isEmpty()) {
            external.setResponseStatus(404);
            return;
        }
        transaction = opened.get().transaction();
        project = projects.readableNames().get(opened.get().projectId());
    }

    private static Optional<UUID> id(Object value) {
        try {
            return value instanceof String text ? Optional.of(Ids.parse(text)) : Optional.empty();
        } catch (IllegalArgumentException malformed) {
            return Optional.empty();
        }
    }

    public boolean isFound() {
        return transaction != null;
    }

    public TransactionView getTransaction() {
        return transaction;
    }

    public String getProject() {
        return project;
    }

    public String getAmount() {
        return formats.amount(transaction.amount(), transaction.currency());
    }

    public String getCaptured() {
        return formats.amount(transaction.capturedAmount(), transaction.currency());
    }

    public String getRefunded() {
        return formats.amount(transaction.refundedAmount(), transaction.currency());
    }

    public String getCreated() {
        return formats.dateTime(transaction.createdDate());
    }

    public List<Step> getTimeline() {
        return transaction.events().stream().map(e -> new Step(formats.dateTime(e.date()), e.eventType(),
                e.eventResult(), e.resultCode(), e.amount() == null ? "" : formats.amount(e.amount(), transaction.currency())))
                .toList();
    }
}
