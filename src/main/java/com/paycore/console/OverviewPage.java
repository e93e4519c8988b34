package com.paycore.console;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.text.NumberFormat;
import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.ToLongFunction;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.RequestScoped;
import jakarta.faces.context.FacesContext;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;

import com.paycore.chargeback.ChargebackService;
import com.paycore.project.ProjectService;
import com.paycore.run.RunView;
import com.paycore.run.Runs;
import com.paycore.transaction.AuthorizationHour;
import com.paycore.transaction.TransactionSearch;
import com.paycore.webhook.WebhookEndpointService;

/**
 * The overview at {@code /console/overview}, for the projects the user may read: today's authorizations (UTC), their
 * approval rate and approved volume per currency, the last 24 hours by hour as a chart, the chargebacks due within
 * three days, the failing webhook endpoints and the runs in progress (those two for whoever may read them: company
 * Admins and platform administrators). Every figure comes from the owning feature's service, which applies the API's
 * tenancy.
 */
@Named
@RequestScoped
public class OverviewPage {

    /** Chargebacks due within this are shown. */
    static final Duration CHARGEBACK_WINDOW = Duration.ofDays(3);
    private static final int HOURS = 24;
    private static final DateTimeFormatter HOUR = DateTimeFormatter.ofPattern("HH:mm");

    @Inject
    TransactionSearch transactions;

    @Inject
    ProjectService projects;

    @Inject
    ChargebackService chargebacks;

    @Inject
    WebhookEndpointService webhooks;

    @Inject
    Runs runs;

    @Inject
    Clock clock;

    private LocalFormats formats;
    private NumberFormat percent;
    private NumberFormat whole;
    private OffsetDateTime today;
    private OffsetDateTime firstHour;
    private List<AuthorizationHour> hours;
    private ChargebackService.Due due;
    private Optional<WebhookEndpointService.Failing> failing;
    private Optional<List<RunView>> running;

    /** An amount of one currency. */
    public record Volume(String currency, String amount) {
    }

    /** A run in progress, as shown: its kind, items done (of the total when known) and the share done. */
    public record RunningRun(String kind, String done, Integer percent, String started) {
    }

    @PostConstruct
    void load() {
        var locale = FacesContext.getCurrentInstance().getExternalContext().getRequestLocale();
        formats = new LocalFormats(locale);
        percent = NumberFormat.getPercentInstance(locale == null ? Locale.ENGLISH : locale);
        percent.setMaximumFractionDigits(1);
        whole = NumberFormat.getIntegerInstance(locale == null ? Locale.ENGLISH : locale);
        OffsetDateTime now = clock.instant().atOffset(ZoneOffset.UTC);
        OffsetDateTime thisHour = now.truncatedTo(ChronoUnit.HOURS);
        today = now.truncatedTo(ChronoUnit.DAYS);
        firstHour = thisHour.minusHours(HOURS - 1);
        OffsetDateTime from = today.isBefore(firstHour) ? today : firstHour;
        Map<UUID, String> readable = projects.readableNames();
        hours = transactions.authorizationsByHour(readable.keySet(), from, thisHour.plusHours(1));
        due = chargebacks.dueBy(now.plus(CHARGEBACK_WINDOW));
        failing = webhooks.failing();
        running = runs.running();
    }

    private List<AuthorizationHour> ofToday() {
        return hours.stream().filter(h -> !h.hour().isBefore(today)).toList();
    }

    public String getToday() {
        return DateTimeFormatter.ISO_LOCAL_DATE.format(today);
    }

    public String getAuthorizations() {
        return whole.format(today(AuthorizationHour::count));
    }

    public String getApproved() {
        return whole.format(today(AuthorizationHour::approved));
    }

    public String getNotApproved() {
        return whole.format(today(AuthorizationHour::notApproved));
    }

    public String getPending() {
        return whole.format(today(AuthorizationHour::pending));
    }

    private long today(ToLongFunction<AuthorizationHour> figure) {
        return ofToday().stream().mapToLong(figure).sum();
    }

    /** Approved among the decided (pending ones are left out); a dash when none was decided. */
    public String getApprovalRate() {
        long approved = today(AuthorizationHour::approved);
        long decided = approved + today(AuthorizationHour::notApproved);
        return decided == 0 ? "–" : percent.format(BigDecimal.valueOf(approved)
                .divide(BigDecimal.valueOf(decided), 4, RoundingMode.HALF_EVEN));
    }

    /** Today's approved amounts per currency, in currency order. */
    public List<Volume> getVolumes() {
        Map<String, BigDecimal> sums = new TreeMap<>();
        ofToday().forEach(h -> sums.merge(h.currency(), h.approvedAmount(), BigDecimal::add));
        return sums.entrySet().stream().map(e -> new Volume(e.getKey(), formats.amount(e.getValue(), e.getKey())))
                .toList();
    }

    /**
     * The last 24 hours (UTC) by hour, approved and not approved authorizations stacked: a Chart.js configuration for
     * PrimeFaces' {@code p:chart}, which renders it under the page's CSP nonce (no inline script of ours).
     */
    public String getChart() {
        long[] approved = new long[HOURS];
        long[] other = new long[HOURS];
        for (AuthorizationHour h : hours) {
            long index = ChronoUnit.HOURS.between(firstHour, h.hour());
            if (index >= 0 && index < HOURS) {
                approved[(int) index] += h.approved();
                other[(int) index] += h.notApproved() + h.pending();
            }
        }
        JsonArrayBuilder labels = Json.createArrayBuilder();
        for (int i = 0; i < HOURS; i++) {
            labels.add(HOUR.format(firstHour.plusHours(i)));
        }
        JsonObjectBuilder stacked = Json.createObjectBuilder().add("stacked", true);
        return Json.createObjectBuilder()
                .add("type", "bar")
                .add("data", Json.createObjectBuilder().add("labels", labels)
                        .add("datasets", Json.createArrayBuilder()
                                .add(dataset("Approved", approved, "#2f9e44"))
                                .add(dataset("Not approved or pending", other, "#e03131"))))
                .add("options", Json.createObjectBuilder()
                        .add("animation", false)
                        .add("responsive", true)
                        .add("maintainAspectRatio", false)
                        .add("scales", Json.createObjectBuilder()
                                .add("x", Json.createObjectBuilder(stacked.build())
                                        .add("title", Json.createObjectBuilder().add("display", true).add("text", "Hour (UTC)")))
                                .add("y", Json.createObjectBuilder().add("stacked", true).add("beginAtZero", true)
                                        .add("ticks", Json.createObjectBuilder().add("precision", 0)))))
                .build().toString();
    }

    private static JsonObjectBuilder dataset(String label, long[] values, String colour) {
        JsonArrayBuilder data = Json.createArrayBuilder();
        for (long v : values) {
            data.add(v);
        }
        return Json.createObjectBuilder().add("label", label).add("data", data).add("backgroundColor", colour);
    }

    public String getChargebacksDue() {
        return whole.format(due.count());
    }

    public boolean isAnyChargebackDue() {
        return due.count() > 0;
    }

    public boolean isAnyPending() {
        return today(AuthorizationHour::pending) > 0;
    }

    public String getNearestChargebackDeadline() {
        return formats.dateTime(due.nearest());
    }

    /** Whether the user may read webhook endpoints (company Admins and platform administrators). */
    public boolean isWebhooksShown() {
        return failing.isPresent();
    }

    public String getFailingEndpoints() {
        return whole.format(failing.map(WebhookEndpointService.Failing::count).orElse(0L));
    }

    public String getFailingSince() {
        return failing.map(f -> formats.dateTime(f.since())).orElse("");
    }

    /** Whether the user may read runs (company Admins their companies' card updater runs, platform administrators all). */
    public boolean isRunsShown() {
        return running.isPresent();
    }

    public List<RunningRun> getRuns() {
        List<RunningRun> shown = new ArrayList<>();
        for (RunView run : running.orElse(List.of())) {
            Long total = run.itemsTotal();
            Integer share = total == null || total == 0 ? null
                    : (int) Math.min(100, Math.max(0, run.itemsDone() * 100 / total));
            String done = total == null ? whole.format(run.itemsDone()) + " done"
                    : whole.format(run.itemsDone()) + " of " + whole.format(total);
            shown.add(new RunningRun(run.kind(), done, share, formats.dateTime(run.startedAt())));
        }
        return shown;
    }
}
