package com.paycore.console;

import java.io.Serializable;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;

import jakarta.annotation.PostConstruct;
import jakarta.faces.context.FacesContext;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;

import com.paycore.chargeback.ChargebackQueue;
import com.paycore.chargeback.ChargebackView;
import com.paycore.platform.data.Page;
import com.paycore.platform.web.AppException;
import com.paycore.platform.web.ErrorCode;
import com.paycore.project.ProjectService;

/**
 * The chargeback queue at {@code /console/chargebacks}: the chargebacks the user may see, the open ones first by the
 * date they must be answered by, each with the time left in words; accept, or dispute with evidence, for those who
 * may answer (the queue service says who), through the API's own moves. The rows shown are kept for the view, so a
 * button always acts on the row it was drawn in; every refusal is shown in words.
 */
@Named
@ViewScoped
public class ChargebacksPage implements Serializable {

    private static final long serialVersionUID = 1L;
    private static final Logger LOG = Logger.getLogger(ChargebacksPage.class.getName());
    static final int PAGE_SIZE = 50;

    @Inject
    ChargebackQueue queue;

    @Inject
    ProjectService projects;

    private int from;
    private int total;
    private List<QueuedChargeback> rows;
    private final Map<UUID, String> evidence = new HashMap<>();
    private String notice;
    private String problem;

    @PostConstruct
    void init() {
        from = offset(FacesContext.getCurrentInstance().getExternalContext().getRequestParameterMap().get("from"));
        load();
    }

    private static int offset(String text) {
        try {
            return text == null ? 0 : Math.max(0, Integer.parseInt(text.strip()));
        } catch (NumberFormatException notANumber) {
            return 0;
        }
    }

    private void load() {
        LocalFormats formats = new LocalFormats(FacesContext.getCurrentInstance().getExternalContext().getRequestLocale());
        Map<UUID, String> names = projects.readableNames();
        Instant now = queue.now().toInstant();
        total = queue.count();
        rows = queue.page(Page.within(PAGE_SIZE, from)).stream()
                .map(q -> row(q, names, formats, now)).toList();
    }

    private static QueuedChargeback row(ChargebackQueue.Queued queued, Map<UUID, String> names, LocalFormats formats,
                                        Instant now) {
        ChargebackView c = queued.chargeback();
        boolean pending = "Pending".equals(c.status());
        boolean overdue = pending && c.respondByDate().toInstant().isBefore(now);
        String countdown = switch (c.status()) {
            case "Pending" -> Countdown.until(c.respondByDate().toInstant(), now);
            case "Disputed" -> "answered: awaiting the processor";
            default -> "closed";
        };
        String reason = c.reason() == null ? "" : c.reason();
        if (c.reasonCode() != null) {
            reason = reason.isEmpty() ? c.reasonCode() : reason + " (" + c.reasonCode() + ")";
        }
        return new QueuedChargeback(c.chargebackId(), c.transactionId(), names.get(c.projectId()),
                formats.amount(c.amount(), c.currency()), reason, c.status() + (c.acceptedAutomatically() ? " automatically" : ""),
                formats.dateTime(c.chargebackDate()), formats.dateTime(c.respondByDate()), countdown, overdue,
                pending && queued.mayAnswer(), pending && !overdue && queued.mayAnswer(),
                "Disputed".equals(c.status()) && queued.mayResolve());
    }

    public String accept(QueuedChargeback row) {
        return act(row, () -> queue.accept(row.id()), "Accepted the chargeback of " + row.amount() + ".");
    }

    public String dispute(QueuedChargeback row) {
        String text = evidence.get(row.id());
        return act(row, () -> queue.dispute(row.id(), text == null ? null : text.strip()),
                "Disputed the chargeback of " + row.amount() + " with your evidence.");
    }

    public String resolve(QueuedChargeback row, String outcome) {
        return act(row, () -> queue.resolve(row.id(), outcome),
                "Resolved the chargeback of " + row.amount() + ": " + outcome + ".");
    }

    /** Runs one move; its refusal, in words, for the alert; the queue read again either way. */
    private String act(QueuedChargeback row, Runnable move, String done) {
        notice = null;
        problem = null;
        try {
            move.run();
            notice = done;
            evidence.remove(row.id());
        } catch (AppException refused) {
            problem = words(refused);
        } catch (RuntimeException unexpected) {
            // never a 500 page for a button: the failure is logged and told in words
            LOG.log(Level.WARNING, "chargeback " + row.id() + ": the console's move failed", unexpected);
            problem = "The chargeback could not be changed. Reload the queue and try again.";
        }
        load();
        return null;
    }

    private static String words(AppException refused) {
        if (refused.code() == ErrorCode.FORBIDDEN) {
            return "You may see this chargeback but not answer it: a platform administrator or an Admin of its "
                    + "company can.";
        }
        return refused.getMessage();
    }

    public List<QueuedChargeback> getRows() {
        return rows;
    }

    /** The evidence typed for each row's dispute, by chargeback id. */
    public Map<UUID, String> getEvidence() {
        return evidence;
    }

    public int getTotal() {
        return total;
    }

    public int getFirst() {
        return rows.isEmpty() ? 0 : from + 1;
    }

    public int getLast() {
        return from + rows.size();
    }

    public boolean isEarlier() {
        return from > 0;
    }

    public boolean isLater() {
        return from + rows.size() < total;
    }

    public int getEarlierFrom() {
        return Math.max(0, from - PAGE_SIZE);
    }

    public int getLaterFrom() {
        return from + PAGE_SIZE;
    }

    public int getMaxEvidence() {
        return 4000;
    }

    public String getNotice() {
        return notice;
    }

    public String getProblem() {
        return problem;
    }
}
