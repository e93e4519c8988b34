package com.paycore.console;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.RequestScoped;
import jakarta.faces.context.FacesContext;
import jakarta.inject.Inject;
import jakarta.inject.Named;

import com.paycore.access.CompanyAccess;
import com.paycore.audit.AuditEventView;
import com.paycore.audit.AuditFilter;
import com.paycore.audit.AuditTrail;
import com.paycore.company.CompanyService;
import com.paycore.platform.data.Page;
import com.paycore.platform.input.Ids;
import com.paycore.platform.web.AppException;

/**
 * The audit trail at {@code /console/audit}: the rows the API's GET /api/adm/auditEvents answers the user (platform
 * administrators every row, company Admins their companies' rows; the company filter is its CompanyId and the dates
 * its from and to), narrowed by action and actor, newest first, fifty a page. The filters are a GET form, so a
 * filtered page is a bookmarkable address; a malformed value is answered in words, never a 500.
 */
@Named
@RequestScoped
public class AuditPage {

    static final int PER_PAGE = 50;

    @Inject
    AuditTrail trail;

    @Inject
    CompanyAccess access;

    @Inject
    CompanyService companies;

    private String company;
    private String action;
    private String actor;
    private String from;
    private String to;
    private int page;
    private boolean more;
    private String refusal;
    private String problem;
    private boolean platformAdmin;
    private List<Choice> companyChoices = List.of();
    private List<ListedEvent> rows = List.of();

    /** A company the filter offers. */
    public record Choice(String id, String name) {
    }

    /** One audit row, formatted. */
    public record ListedEvent(String when, String company, String actor, String action, String target, String outcome,
                              String details) {
    }

    @PostConstruct
    void load() {
        Map<String, String> parameters = FacesContext.getCurrentInstance().getExternalContext().getRequestParameterMap();
        company = trimmed(parameters.get("company"));
        action = trimmed(parameters.get("action"));
        actor = trimmed(parameters.get("actor"));
        from = trimmed(parameters.get("from"));
        to = trimmed(parameters.get("to"));
        page = pageNumber(parameters.get("page"));
        AuditFilter filter;
        try {
            filter = new AuditFilter(companyId(company), day(from, "From", false),
                    day(to, "To", true), action, actor);
        } catch (IllegalArgumentException malformed) {
            problem = malformed.getMessage();
            return;
        }
        try {
            platformAdmin = access.platformAdmin();
            List<UUID> administered = access.administeredCompanies(); // 403 for those who administer none, as the API
            if (administered != null) {
                companyChoices = administered.stream().map(id -> new Choice(id.toString(), companies.nameOf(id))).toList();
            }
            List<AuditEventView> found = trail.search(filter, Page.within(PER_PAGE + 1, (long) page * PER_PAGE));
            more = found.size() > PER_PAGE;
            LocalFormats formats = new LocalFormats(FacesContext.getCurrentInstance().getExternalContext().getRequestLocale());
            Map<UUID, String> names = new HashMap<>();
            List<ListedEvent> listed = new ArrayList<>();
            for (AuditEventView e : found.subList(0, Math.min(found.size(), PER_PAGE))) {
                String companyName = e.companyId() == null ? "" : names.computeIfAbsent(e.companyId(), companies::nameOf);
                listed.add(new ListedEvent(formats.dateTime(e.occurredAt()), companyName, e.actor() == null ? "" : e.actor(),
                        e.action(), e.targetType() + (e.targetId() == null ? "" : " " + e.targetId()), e.outcome(),
                        e.details() == null ? "" : e.details()));
            }
            rows = listed;
        } catch (AppException e) {
            refusal = switch (e.code()) {
                case FORBIDDEN -> "The audit trail is shown to platform administrators and to company Admins (their companies' rows).";
                case NOT_FOUND -> "No such company, or not one whose audit trail you may read.";
                default -> e.getMessage();
            };
        }
    }

    private static UUID companyId(String text) {
        try {
            return text == null ? null : Ids.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Company: not a company id: " + text);
        }
    }

    /** A date typed as yyyy-mm-dd, as the start of that day in UTC, or its end (inclusive) for the range's end. */
    private static OffsetDateTime day(String text, String name, boolean end) {
        if (text == null) {
            return null;
        }
        try {
            LocalDate date = LocalDate.parse(text);
            return end ? date.plusDays(1).atStartOfDay().atOffset(ZoneOffset.UTC).minusNanos(1000)
                    : date.atStartOfDay().atOffset(ZoneOffset.UTC);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException(name + ": not a date (yyyy-mm-dd): " + text);
        }
    }

    private static String trimmed(String text) {
        return text == null || text.isBlank() ? null : text.strip();
    }

    private static int pageNumber(String text) {
        try {
            return text == null ? 0 : Math.max(0, Math.min(Integer.parseInt(text.strip()), 100_000));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** This page's filters as a query string, with another page number. */
    public String pageQuery(int number) {
        StringBuilder query = new StringBuilder("page=").append(number);
        append(query, "company", company);
        append(query, "action", action);
        append(query, "actor", actor);
        append(query, "from", from);
        append(query, "to", to);
        return query.toString();
    }

    private static void append(StringBuilder query, String name, String value) {
        if (value != null) {
            query.append('&').append(name).append('=')
                    .append(URLEncoder.encode(value, StandardCharsets.UTF_8));
        }
    }

    public List<ListedEvent> getRows() {
        return rows;
    }

    public String getCompany() {
        return company;
    }

    public String getAction() {
        return action;
    }

    public String getActor() {
        return actor;
    }

    public String getFrom() {
        return from;
    }

    public String getTo() {
        return to;
    }

    public int getPage() {
        return page;
    }

    public boolean isMore() {
        return more;
    }

    public String getRefusal() {
        return refusal;
    }

    public String getProblem() {
        return problem;
    }

    public boolean isPlatformAdmin() {
        return platformAdmin;
    }

    /** The companies an Admin may filter by (empty for platform administrators, who type a company's id). */
    public List<Choice> getCompanyChoices() {
        return companyChoices;
    }

    public boolean isFiltered() {
        return company != null || action != null || actor != null || from != null || to != null;
    }
}
