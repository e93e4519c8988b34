package com.paycore.console;

import java.time.OffsetDateTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.RequestScoped;
import jakarta.faces.context.ExternalContext;
import jakarta.faces.context.FacesContext;
import jakarta.inject.Inject;
import jakarta.inject.Named;

import com.paycore.company.CompanyService;
import com.paycore.platform.web.AppException;
import com.paycore.project.ProjectService;
import com.paycore.project.ProjectView;

/**
 * The projects page: the projects the user may see (as E11: every project for platform administrators, the companies'
 * projects for their Admins, the assigned ones for company Users) whose name holds the search text, a page at a time,
 * optionally of one company ({@code ?company=}: a company the user may not see lists nothing and says so).
 */
@Named
@RequestScoped
public class ProjectsPage {

    @Inject
    ProjectService projects;

    @Inject
    CompanyService companies;

    private Listing listing;
    private List<ProjectView> read = List.of();
    private UUID company;
    private String companyName;
    private String refusal;
    private String base;
    private LocalFormats formats;
    private final Map<UUID, String> companyNames = new HashMap<>();

    @PostConstruct
    void load() {
        ExternalContext external = FacesContext.getCurrentInstance().getExternalContext();
        base = external.getRequestContextPath() + "/console/projects";
        formats = new LocalFormats(external.getRequestLocale());
        String companyParameter = external.getRequestParameterMap().get("company");
        listing = Listing.of(external).keep("company", companyParameter);
        Optional<UUID> filter = Refusal.id(companyParameter);
        try {
            if (companyParameter != null && filter.isEmpty()) {
                throw AppException.notFound("Company");
            }
            company = filter.orElse(null);
            read = projects.views(company, listing.query(), listing.page());
            companyName = company == null ? null : companyName(company);
        } catch (AppException refused) {
            refusal = Refusal.words(refused); // as E11 with a CompanyId the caller may not see: 404 (or 403)
            external.setResponseStatus(Refusal.status(refused));
        }
    }

    public String getQuery() {
        return listing.query();
    }

    public List<ProjectView> getRows() {
        return listing.shown(read);
    }

    /** The company the list is limited to, if any (its id as text, for the search form). */
    public String getCompany() {
        return company == null ? null : company.toString();
    }

    public String getCompanyName() {
        return companyName;
    }

    public String getRefusal() {
        return refusal;
    }

    public String companyName(UUID companyId) {
        return companyNames.computeIfAbsent(companyId, companies::nameOf);
    }

    public String date(OffsetDateTime at) {
        return formats.dateTime(at);
    }

    public Listing.Pager getPager() {
        return listing.pager(base, read);
    }
}
