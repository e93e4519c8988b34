package com.paycore.console;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.annotation.PostConstruct;
import jakarta.faces.context.FacesContext;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;

import com.paycore.platform.data.Page;
import com.paycore.platform.web.AppException;
import com.paycore.platform.web.ErrorCode;
import com.paycore.project.ProjectService;
import com.paycore.webhook.DeliveryView;
import com.paycore.webhook.EndpointView;
import com.paycore.webhook.WebhookEndpointService;

/**
 * The webhooks page: the endpoints the user administers (as the API's GET /api/adm/webhookEndpoints lists them), ten
 * a page, each with its newest deliveries (state, latest attempt's HTTP status and error in words, next attempt) and a
 * Retry on a failed one, which queues the API's manual retry (POST .../deliveries/{eventId}/retry): the same service
 * call, so the same rights, the same one-queued-at-a-time rule and the same delivery round.
 */
@Named
@ViewScoped
public class WebhooksPage implements Serializable {

    private static final long serialVersionUID = 1L;
    static final int ENDPOINTS_PER_PAGE = 10;
    static final int DELIVERIES_SHOWN = 10;

    @Inject
    WebhookEndpointService endpoints;

    @Inject
    ProjectService projects;

    private int page;
    private boolean more;
    private String refusal;
    private String notice;
    private List<ListedEndpoint> listed = List.of();

    /** An endpoint and its newest deliveries, formatted. */
    public record ListedEndpoint(UUID id, String project, String url, String events, boolean active, String created,
                                 List<ListedDelivery> deliveries) implements Serializable {
    }

    /** One delivery, formatted: its state, latest attempt, next attempt, and whether Retry is offered. */
    public record ListedDelivery(UUID endpointId, UUID eventId, String eventType, String status, int attempts,
                                 String lastAttempt, String httpStatus, String error, String next, boolean retryable)
            implements Serializable {
    }

    @PostConstruct
    void init() {
        page = pageNumber(FacesContext.getCurrentInstance().getExternalContext().getRequestParameterMap().get("page"));
        load();
    }

    private void load() {
        LocalFormats formats = formats();
        try {
            List<EndpointView> found = endpoints.list(null, Page.within(ENDPOINTS_PER_PAGE + 1, (long) page * ENDPOINTS_PER_PAGE));
            more = found.size() > ENDPOINTS_PER_PAGE;
            Map<UUID, String> names = projects.readableNames();
            List<ListedEndpoint> rows = new ArrayList<>();
            for (EndpointView e : found.subList(0, Math.min(found.size(), ENDPOINTS_PER_PAGE))) {
                List<ListedDelivery> deliveries = endpoints.deliveries(e.id(), new Page(DELIVERIES_SHOWN, 0)).stream()
                        .map(d -> listed(e.id(), d, formats)).toList();
                rows.add(new ListedEndpoint(e.id(), names.getOrDefault(e.companyProjectId(), "(a project)"), e.url(),
                        String.join(", ", e.enabledEvents()), e.isActive(), formats.dateTime(e.createdDate()), deliveries));
            }
            listed = rows;
        } catch (AppException e) {
            listed = List.of();
            refusal = e.code() == ErrorCode.FORBIDDEN
                    ? "Webhook endpoints are shown to platform administrators and to the Admins of a project's company."
                    : e.getMessage();
        }
    }

    static ListedDelivery listed(UUID endpointId, DeliveryView d, LocalFormats formats) {
        String httpStatus = d.lastAttemptAt() == null ? "" : d.lastHttpStatus() == null ? "no answer"
                : String.valueOf(d.lastHttpStatus());
        String lastAttempt = d.lastAttemptAt() == null ? "not attempted yet"
                : formats.dateTime(d.lastAttemptAt()) + (d.lastManual() ? " (manual retry)" : "");
        return new ListedDelivery(endpointId, d.eventId(), d.eventType(), d.status(), d.attempts(), lastAttempt,
                httpStatus, errorInWords(d), next(d, formats), d.retryQueuedAt() == null && d.lastFailed());
    }

    /** The latest attempt's failure in words: the log's phrase, or what a non-2xx answer means. */
    static String errorInWords(DeliveryView d) {
        if (d.lastAttemptAt() == null || !d.lastFailed()) {
            return "";
        }
        if (d.lastError() != null && !d.lastError().isBlank()) {
            return d.lastError();
        }
        return d.lastHttpStatus() == null ? "no answer" : "the receiver answered HTTP " + d.lastHttpStatus()
                + ", not a 2xx";
    }

    static String next(DeliveryView d, LocalFormats formats) {
        if (d.retryQueuedAt() != null) {
            return "manual retry queued";
        }
        return switch (d.status()) {
            case "Pending" -> d.nextAttemptAt() == null ? "soon" : formats.dateTime(d.nextAttemptAt());
            case "Delivered" -> "none: delivered";
            default -> "none: given up (Retry sends it again)";
        };
    }

    /** Queues the API's manual retry of the event for the endpoint, then shows the endpoint's deliveries again. */
    public void retry(UUID endpointId, UUID eventId) {
        try {
            notice = endpoints.queueRetry(endpointId, eventId)
                    ? "Retry queued: the event is sent to the endpoint again within one delivery round."
                    : "A retry of this event was already queued; it is sent within one delivery round.";
        } catch (AppException e) {
            notice = e.code() == ErrorCode.NOT_FOUND ? "This delivery is no longer there." : e.getMessage();
        }
        load();
    }

    private static int pageNumber(String text) {
        try {
            return text == null ? 0 : Math.max(0, Math.min(Integer.parseInt(text.strip()), 100_000));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static LocalFormats formats() {
        return new LocalFormats(FacesContext.getCurrentInstance().getExternalContext().getRequestLocale());
    }

    public List<ListedEndpoint> getEndpoints() {
        return listed;
    }

    public String getRefusal() {
        return refusal;
    }

    public String getNotice() {
        return notice;
    }

    public int getPage() {
        return page;
    }

    public boolean isMore() {
        return more;
    }
}
