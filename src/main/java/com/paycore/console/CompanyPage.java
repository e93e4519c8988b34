package com.paycore.console;

import java.io.IOException;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.RequestScoped;
import jakarta.faces.context.ExternalContext;
import jakarta.faces.context.FacesContext;
import jakarta.inject.Inject;
import jakarta.inject.Named;

import com.paycore.access.CompanyAccess;
import com.paycore.company.CompanyService;
import com.paycore.company.CompanyUserView;
import com.paycore.company.CompanyView;
import com.paycore.platform.data.Page;
import com.paycore.platform.web.AppException;
import com.paycore.project.CreateProjectRequest;
import com.paycore.project.ProjectService;
import com.paycore.project.ProjectView;

/**
 * One company at {@code /console/companies/{id}}: the company, its users with their roles (to its Admins and
 * platform administrators, who alone may list them through the API), its projects the user may see, and the form
 * that creates a project (its Admins and platform administrators). An unknown id, a malformed one and a company
 * the user is no member of all answer the same 404 page; postbacks carry the id in the form.
 */
@Named
@RequestScoped
public class CompanyPage {

    /** The request attribute {@link ConsoleGate} puts the address's id in. */
    static final String ID_ATTRIBUTE = "com.paycore.console.companyId";

    /** Users and projects shown on the page; the projects page lists them all. */
    static final int SHOWN = 50;

    @Inject
    CompanyService companies;

    @Inject
    CompanyAccess access;

    @Inject
    ProjectService projects;

    private CompanyView company;
    private int status = 200;
    private String refusal;
    private boolean administers;
    private List<CompanyUserView> users = List.of();
    private List<ProjectView> companyProjects = List.of();
    private LocalFormats formats;
    private String projectName;
    private String projectDescription;

    @PostConstruct
    void load() {
        ExternalContext external = FacesContext.getCurrentInstance().getExternalContext();
        formats = new LocalFormats(external.getRequestLocale());
        Object address = external.getRequestMap().get(ID_ATTRIBUTE);
        Optional<UUID> id = Refusal.id(address != null ? address : external.getRequestParameterMap().get("company"));
        try {
            company = companies.view(id.orElseThrow(() -> AppException.notFound("Company")));
        } catch (AppException refused) {
            status = Refusal.status(refused);
            refusal = Refusal.words(refused);
            external.setResponseStatus(status);
            return;
        }
        administers = access.administers(company.id());
        if (administers) {
            users = companies.membersOf(company.id(), new Page(SHOWN, 0));
        }
        companyProjects = projects.views(company.id(), null, new Page(SHOWN, 0));
    }

    /** Creates a project of this company (E7, the same checks) and opens its page; a refusal stays here in words. */
    public String createProject() throws IOException {
        CreateProjectRequest request = new CreateProjectRequest();
        request.companyId = company.id();
        request.projectName = projectName;
        request.description = projectDescription == null || projectDescription.isBlank() ? null : projectDescription;
        try {
            UUID created = projects.add(request);
            ExternalContext external = FacesContext.getCurrentInstance().getExternalContext();
            external.redirect(external.getRequestContextPath() + "/console/projects/" + created);
        } catch (AppException refused) {
            refusal = Refusal.words(refused);
        }
        return null;
    }

    public boolean isFound() {
        return company != null;
    }

    public boolean isForbidden() {
        return status == 403;
    }

    public CompanyView getCompany() {
        return company;
    }

    public String getRefusal() {
        return refusal;
    }

    public boolean isAdministers() {
        return administers;
    }

    public List<CompanyUserView> getUsers() {
        return users;
    }

    public List<ProjectView> getProjects() {
        return companyProjects;
    }

    public String date(OffsetDateTime at) {
        return formats.dateTime(at);
    }

    public String getProjectName() {
        return projectName;
    }

    public void setProjectName(String projectName) {
        this.projectName = projectName;
    }

    public String getProjectDescription() {
        return projectDescription;
    }

    public void setProjectDescription(String projectDescription) {
        this.projectDescription = projectDescription;
    }
}
