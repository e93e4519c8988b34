package com.paycore.console;

import java.util.List;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.RequestScoped;
import jakarta.faces.context.ExternalContext;
import jakarta.faces.context.FacesContext;
import jakarta.inject.Inject;
import jakarta.inject.Named;

import com.paycore.company.CompanyService;
import com.paycore.company.CompanyView;

/**
 * The companies page: the companies the user may see (as GET /api/adm/companies: every company for platform
 * administrators, the user's own for everybody else) whose name holds the search text, a page at a time.
 */
@Named
@RequestScoped
public class CompaniesPage {

    @Inject
    CompanyService companies;

    private Listing listing;
    private List<CompanyView> read;
    private String base;

    @PostConstruct
    void load() {
        ExternalContext external = FacesContext.getCurrentInstance().getExternalContext();
        base = external.getRequestContextPath() + "/console/companies";
        listing = Listing.of(external);
        read = companies.views(listing.query(), listing.page());
    }

    public String getQuery() {
        return listing.query();
    }

    public List<CompanyView> getRows() {
        return listing.shown(read);
    }

    public Listing.Pager getPager() {
        return listing.pager(base, read);
    }
}
