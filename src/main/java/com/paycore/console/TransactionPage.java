package com.paycore.console;

import java.io.Serializable;
import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;

import jakarta.annotation.PostConstruct;
import jakarta.faces.context.ExternalContext;
import jakarta.faces.context.FacesContext;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;

import com.paycore.chargeback.ChargebackService;
import com.paycore.chargeback.ChargebackView;
import com.paycore.platform.input.Ids;
import com.paycore.platform.web.AppException;
import com.paycore.project.ProjectService;
import com.paycore.transaction.TransactionSearch;
import com.paycore.transaction.TransactionService;
import com.paycore.transaction.TransactionView;
import com.paycore.webhook.TransactionDeliveryView;
import com.paycore.webhook.WebhookEndpointService;

/**
 * One transaction at {@code /console/transactions/{id}}: its amounts, its masked card, its events in order and its
 * chargebacks. An unknown id, a malformed one and one of a project the user may not read all answer the same 404 page.
 * <p>
 * Capture, refund (partial) and reverse, for E17's callers only (a platform administrator or an Admin of the project's
 * company; a company User sees no button and the service refuses them): each runs the API's move in
 * {@link TransactionService} with the version of the transaction this page showed, so a form sent twice moves nothing
 * twice. A refusal is shown in the API's words, in an alert.
 */
@Named
@ViewScoped
public class TransactionPage implements Serializable {

    private static final long serialVersionUID = 1L;
    private static final Logger LOG = Logger.getLogger(TransactionPage.class.getName());

    /** The request attribute {@link ConsoleGate} puts the address's id in. */
    static final String ID_ATTRIBUTE = "com.paycore.console.transactionId";

    @Inject
    TransactionSearch search;

    @Inject
    TransactionService transactions;

    @Inject
    ChargebackService chargebacks;

    @Inject
    ProjectService projects;

    @Inject
    WebhookEndpointService webhooks;

    private UUID id;
    private UUID projectId;
    private TransactionView transaction;
    private String project;
    private boolean movable;
    private List<ChargebackView> charged = List.of();
    /** Null when the caller may not read the project's delivery log (a company User): no section then. */
    private List<TransactionDeliveryView> delivered;
    private BigDecimal standing = BigDecimal.ZERO;
    private long seenVersion;
    private String refundAmount;
    private String alert;
    private String notice;

    /** One event of the timeline, formatted. */
    public record Step(String date, String type, String result, String resultCode, String amount) {
    }

    /** One webhook delivery, formatted. */
    public record Delivery(String endpoint, String eventType, String eventDate, String status, int attempts,
                           String lastHttpStatus, String nextAttempt) {
    }

    /** One chargeback, formatted. */
    public record ChargedBack(String date, String amount, String status, String reason, String respondBy) {
    }

    @PostConstruct
    void load() {
        ExternalContext external = FacesContext.getCurrentInstance().getExternalContext();
        id = id(external.getRequestMap().get(ID_ATTRIBUTE)).orElse(null);
        if (!read()) {
            external.setResponseStatus(404);
        }
    }

    /** Reads the transaction (again); false when the caller may not see it (or it does not exist). */
    private boolean read() {
        Optional<TransactionSearch.Opened> opened = Optional.ofNullable(id).flatMap(search::find);
        if (opened.isEmpty()) {
            transaction = null;
            return false;
        }
        projectId = opened.get().projectId();
        transaction = opened.get().transaction();
        seenVersion = opened.get().version();
        project = projects.readableNames().get(projectId);
        movable = transactions.mayMoveAsAdmin(projectId);
        charged = chargebacks.ofTransaction(id);
        standing = chargebacks.against(id);
        delivered = webhooks.transactionDeliveries(projectId, id).orElse(null);
        refundAmount = formats().plainAmount(getRefundable(), transaction.currency());
        return true;
    }

    private static Optional<UUID> id(Object value) {
        try {
            return value instanceof String text ? Optional.of(Ids.parse(text)) : Optional.empty();
        } catch (IllegalArgumentException malformed) {
            return Optional.empty();
        }
    }

    public void capture() {
        move("Captured", () -> transactions.captureAsAdmin(projectId, id, seenVersion));
    }

    public void refund() {
        Optional<BigDecimal> amount = formats().parseAmount(refundAmount);
        if (amount.isEmpty()) {
            alert = "Refund amount: type an amount such as " + formats().plainAmount(BigDecimal.TEN, "USD") + ".";
            notice = null;
            return;
        }
        move("Refunded", () -> transactions.refundAsAdmin(projectId, id, amount.get(), seenVersion));
    }

    public void reverse() {
        move("Reversed", () -> transactions.reverseAsAdmin(projectId, id, seenVersion));
    }

    /**
     * Runs a move and reads the transaction again. The service refuses in the API's words (its rules, its roles); any
     * other failure is said without its details (logged), never a 500 page.
     */
    private void move(String done, Supplier<TransactionService.Moved> action) {
        alert = null;
        notice = null;
        if (transaction == null) {
            alert = "There is no such transaction, or it is not one you may see.";
            return;
        }
        try {
            TransactionService.Moved moved = action.get();
            TransactionView.EventView event = moved.event();
            notice = done + ": " + event.eventType() + " " + event.eventResult()
                    + (event.amount() == null ? "" : " " + formats().amount(event.amount(), transaction.currency()))
                    + (event.resultCode() == null ? "" : " (" + event.resultCode() + ")") + ".";
        } catch (AppException refused) {
            alert = refused.getMessage();
        } catch (RuntimeException failed) {
            LOG.log(Level.WARNING, "console move on transaction " + id + " failed", failed);
            alert = "The action could not be completed; nothing was changed. Try again in a moment.";
        }
        if (!read()) {
            alert = "There is no such transaction, or it is not one you may see.";
        }
    }

    private static LocalFormats formats() {
        return new LocalFormats(FacesContext.getCurrentInstance().getExternalContext().getRequestLocale());
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

    /** Whether the caller may capture, refund or reverse here (E17's rule); the service checks it again. */
    public boolean isMovable() {
        return movable;
    }

    public boolean isCapturable() {
        return movable && "Approved".equals(transaction.status());
    }

    public boolean isReversible() {
        return isCapturable();
    }

    public boolean isRefundable() {
        return movable && List.of("Captured", "Settled", "PartiallyRefunded").contains(transaction.status())
                && getRefundable().signum() > 0;
    }

    /** What the page offers to refund: captured less refunded and less standing chargebacks (the service's rule). */
    private BigDecimal getRefundable() {
        return transaction.capturedAmount().subtract(transaction.refundedAmount()).subtract(standing)
                .max(BigDecimal.ZERO);
    }

    public String getAmount() {
        return formats().amount(transaction.amount(), transaction.currency());
    }

    public String getCaptured() {
        return formats().amount(transaction.capturedAmount(), transaction.currency());
    }

    public String getRefunded() {
        return formats().amount(transaction.refundedAmount(), transaction.currency());
    }

    public String getCreated() {
        return formats().dateTime(transaction.createdDate());
    }

    public List<Step> getTimeline() {
        LocalFormats formats = formats();
        return transaction.events().stream().map(e -> new Step(formats.dateTime(e.date()), e.eventType(),
                e.eventResult(), e.resultCode(), e.amount() == null ? "" : formats.amount(e.amount(), transaction.currency())))
                .toList();
    }

    public List<ChargedBack> getChargebacks() {
        LocalFormats formats = formats();
        return charged.stream().map(c -> new ChargedBack(formats.dateTime(c.chargebackDate()),
                formats.amount(c.amount(), c.currency()), c.status(),
                c.reason() == null ? c.reasonCode() : c.reason() + " (" + c.reasonCode() + ")",
                formats.dateTime(c.respondByDate()))).toList();
    }

    /** Whether the caller may see the transaction's webhook deliveries (the API's delivery-log rule). */
    public boolean isDeliveriesShown() {
        return delivered != null;
    }

    public List<Delivery> getDeliveries() {
        if (delivered == null) {
            return List.of();
        }
        LocalFormats formats = formats();
        return delivered.stream().map(d -> new Delivery(d.endpointUrl(), d.eventType(),
                formats.dateTime(d.eventCreatedAt()), d.status(), d.attempts(),
                d.lastAttemptAt() == null ? "No attempt yet"
                        : d.lastHttpStatus() == null ? "No answer" : String.valueOf(d.lastHttpStatus()),
                d.nextAttemptAt() == null ? "" : formats.dateTime(d.nextAttemptAt()))).toList();
    }

    /** The version of the transaction the page showed, sent back with each action (a hidden field). */
    public long getSeenVersion() {
        return seenVersion;
    }

    public void setSeenVersion(long seenVersion) {
        this.seenVersion = seenVersion;
    }

    public String getRefundAmount() {
        return refundAmount;
    }

    public void setRefundAmount(String refundAmount) {
        this.refundAmount = refundAmount;
    }

    public String getAlert() {
        return alert;
    }

    public String getNotice() {
        return notice;
    }
}
