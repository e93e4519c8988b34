package com.paycore.console;

import java.io.IOException;
import java.io.Serializable;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import jakarta.annotation.PostConstruct;
import jakarta.faces.context.ExternalContext;
import jakarta.faces.context.FacesContext;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;

import com.paycore.access.Caller;
import com.paycore.platform.input.Ids;
import com.paycore.platform.web.AppException;
import com.paycore.platform.web.ErrorCode;
import com.paycore.report.ReportSync;
import com.paycore.run.RunView;
import com.paycore.run.Runs;
import com.paycore.transaction.SettlementService;

/**
 * The runs page: the newest long runs the user may see (as the API's GET /api/adm/runs/{id} decides for one), each
 * with a progress bar, followed while one runs by a poll (PrimeFaces {@code p:poll}, every second, stopping once none
 * runs). Platform administrators start a settlement run or a report sync here through the services the API's POSTs
 * call (the same check, the same one-run-of-a-kind rule); the start answers with a redirect to this page naming the
 * run, so a reload never starts another.
 */
@Named
@ViewScoped
public class RunsPage implements Serializable {

    private static final long serialVersionUID = 1L;
    static final int SHOWN = 50;

    @Inject
    Runs runs;

    @Inject
    SettlementService settlement;

    @Inject
    ReportSync reportSync;

    @Inject
    Caller caller;

    private List<ListedRun> listed = List.of();
    private String refusal;
    private String notice;

    /** A run, formatted, with its progress as a percentage (null while its total is unknown). */
    public record ListedRun(UUID id, String kind, String state, String started, String finished, String items,
                            Integer percent, String outcome, String error) implements Serializable {

        public boolean running() {
            return "Running".equals(state);
        }
    }

    @PostConstruct
    void init() {
        load();
        var parameters = FacesContext.getCurrentInstance().getExternalContext().getRequestParameterMap();
        notice = runNotice(parameters.get("started"), "started: its progress follows below.")
                .or(() -> runNotice(parameters.get("running"), "is still running: a new one can start once it has ended."))
                .orElse(null);
    }

    /** The poll's listener: the runs as they are now. */
    public void refresh() {
        load();
    }

    private void load() {
        LocalFormats formats = new LocalFormats(FacesContext.getCurrentInstance().getExternalContext().getRequestLocale());
        try {
            listed = runs.recent(SHOWN).stream().map(r -> listed(r, formats)).toList();
        } catch (AppException e) {
            listed = List.of();
            refusal = e.code() == ErrorCode.FORBIDDEN
                    ? "Runs are shown to platform administrators, and to company Admins for their card updater runs."
                    : e.getMessage();
        }
    }

    static ListedRun listed(RunView r, LocalFormats formats) {
        Integer percent = null;
        if ("Succeeded".equals(r.state())) {
            percent = 100;
        } else if (r.itemsTotal() != null) {
            percent = r.itemsTotal() == 0 ? 0 : (int) Math.min(100, r.itemsDone() * 100 / r.itemsTotal());
        }
        String items = r.itemsDone() + (r.itemsTotal() == null ? " done" : " of " + r.itemsTotal() + " done");
        return new ListedRun(r.id(), r.kind(), r.state(), formats.dateTime(r.startedAt()), formats.dateTime(r.finishedAt()),
                items, percent, outcome(r.outcome()), r.error() == null ? "" : r.error());
    }

    /** A run's figures as "name: value" pairs (strings without their JSON quotes). */
    static String outcome(JsonObject figures) {
        if (figures == null) {
            return "";
        }
        return figures.entrySet().stream().map(f -> f.getKey() + ": "
                + (f.getValue() instanceof JsonString text ? text.getString() : f.getValue().toString()))
                .collect(Collectors.joining(", "));
    }

    private Optional<String> runNotice(String id, String words) {
        if (id == null) {
            return Optional.empty();
        }
        try {
            UUID run = Ids.parse(id);
            return listed.stream().filter(r -> r.id().equals(run)).findFirst()
                    .map(r -> "The " + r.kind() + " run " + r.id() + " " + words);
        } catch (IllegalArgumentException malformed) {
            return Optional.empty();
        }
    }

    public void startSettlement() throws IOException {
        start(settlement::begin);
    }

    public void startReportSync() throws IOException {
        start(() -> reportSync.begin(false));
    }

    private void start(Supplier<Runs.Begun> begin) throws IOException {
        Runs.Begun begun;
        try {
            begun = begin.get();
        } catch (AppException e) {
            notice = e.code() == ErrorCode.FORBIDDEN ? "Only platform administrators start these runs." : e.getMessage();
            return;
        }
        started(begun);
    }

    private void started(Runs.Begun begun) throws IOException {
        ExternalContext external = FacesContext.getCurrentInstance().getExternalContext();
        external.redirect(external.getRequestContextPath() + "/console/runs?" + (begun.started() ? "started=" : "running=")
                + begun.id());
    }

    public List<ListedRun> getRuns() {
        return listed;
    }

    public boolean isAnyRunning() {
        return listed.stream().anyMatch(ListedRun::running);
    }

    public boolean isMayStart() {
        return refusal == null && caller.platformAdmin();
    }

    public String getRefusal() {
        return refusal;
    }

    public String getNotice() {
        return notice;
    }
}
